import type { ShiftStatus, ShiftTakingType } from '@tillbook/contract/shifts';
import type { Table } from '../../db/schema.js';

/**
 * Shifts and what happened in them (migration 0025-shifts, decision 0063); columns from the
 * generated schema (decision 0054). `number`: `SH-000012`, unique in the store. A shift's figures
 * are sums of its entries: one per sale (`amount` the money received with it, `sale_total` the
 * order's total, `discount` its discounts), later payment, refund or cancellation with money paid
 * back, pay-in and payout (`payment_type` cash).
 */
export type ShiftsTable = Table<'shifts', { status: ShiftStatus }>;

export const SHIFT_ENTRY_KINDS = ['sale', 'payment', 'refund', 'pay_in', 'pay_out'] as const;
export type ShiftEntryKind = (typeof SHIFT_ENTRY_KINDS)[number];

export type ShiftEntriesTable = Table<
  'shift_entries',
  { kind: ShiftEntryKind; payment_type: ShiftTakingType }
>;

declare module '../../db/schema.js' {
  interface Database {
    shifts: ShiftsTable;
    shift_entries: ShiftEntriesTable;
  }
}
