/**
 * Shifts' constants without zod (decision 0060): the till's first load reads them, and schemas
 * would bring zod into it.
 */

export const SHIFT_STATUSES = ['open', 'closed'] as const;
export type ShiftStatus = (typeof SHIFT_STATUSES)[number];

/** A cash movement during a shift: money put into the drawer, or taken out (a payout, a drop to the safe). */
export const CASH_MOVEMENT_TYPES = ['in', 'out'] as const;
export type CashMovementType = (typeof CASH_MOVEMENT_TYPES)[number];

/**
 * The ways takings are split on a shift's summary: the till's payment types (`order-constants.ts`).
 * A payment recorded later against an order is counted under its mode (`cheque` under `other`).
 */
export const SHIFT_TAKING_TYPES = [
  'cash',
  'card',
  'bank_transfer',
  'pos_terminal',
  'wallet',
  'other',
] as const;
export type ShiftTakingType = (typeof SHIFT_TAKING_TYPES)[number];

/**
 * The notes and coins a cashier counts the drawer in, per currency, in minor units, largest first.
 * A currency not listed is counted as one total.
 */
export const CASH_DENOMINATIONS: Readonly<Record<string, readonly number[]>> = {
  // ₦1,000, ₦500, ₦200, ₦100, ₦50, ₦20, ₦10 and ₦5 notes; ₦2, ₦1 and 50 kobo coins.
  NGN: [100_000, 50_000, 20_000, 10_000, 5_000, 2_000, 1_000, 500, 200, 100, 50],
};

/** The largest opening float, counted amount or cash movement accepted: ₦100,000,000 in kobo. */
export const MAX_SHIFT_AMOUNT = 10_000_000_000;
