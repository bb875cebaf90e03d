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

export const PAYMENT_TYPES = ['cash', 'card', 'bank_transfer', 'wallet', 'pos_terminal', 'other'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const ORDER_CHANNELS = ['pos', 'dashboard', 'api'] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];

/** Derived from what is owed and what was paid; never stored as a choice. */
export const PAYMENT_STATES = ['unpaid', 'partially_paid', 'paid'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const MAX_ORDER_LINES = 200;
export const MAX_LINE_QUANTITY = 1_000_000;
