// The order's statuses, payment types, channels and limits. No zod here: the till imports these
// on its first screen, which loads no schema (decision 0060). `order-model.ts` re-exports them.

/**
 * `pending` → `processing` → `success` (completed); `pending`/`processing` → `cancelled`;
 * `success` → `refunded`. `success` is what reports count as a sale.
 */
export const ORDER_STATUSES = ['pending', 'processing', 'success', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The statuses each status may move to (`PATCH /order/status/{id}`); anything else is a 409. */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['processing', 'cancelled'],
  processing: ['success', 'cancelled'],
  success: ['refunded'],
  cancelled: [],
  refunded: [],
};

/**
 * `credit`: put on the customer's account (decision 0065); what is paid at the till then is paid
 * with the order's `paid_with`.
 */
export const PAYMENT_TYPES = [
  'cash',
  'card',
  'bank_transfer',
  'wallet',
  'pos_terminal',
  'other',
  'credit',
] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
/** The ways money is actually handed over at the till: every payment type but `credit`. */
export const TENDER_TYPES = ['cash', 'card', 'bank_transfer', 'wallet', 'pos_terminal', 'other'] as const;
export type TenderType = (typeof TENDER_TYPES)[number];

/** A transfer the till waits for (decision 0065): its states. */
export const TILL_TRANSFER_STATES = ['awaiting', 'paid', 'part_paid', 'expired', 'cancelled'] as const;
export type TillTransferState = (typeof TILL_TRANSFER_STATES)[number];
/** How long a sale waits for its transfer before a late one goes to the "match it" queue. */
export const TILL_TRANSFER_MINUTES = 30;

export const ORDER_CHANNELS = ['pos', 'dashboard', 'api'] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];

/** Derived from what is owed and what was paid; never stored as a choice. */
export const PAYMENT_STATES = ['unpaid', 'partially_paid', 'paid'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const MAX_ORDER_LINES = 200;
export const MAX_LINE_QUANTITY = 1_000_000;
