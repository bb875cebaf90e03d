import { z } from 'zod';
import {
  dateFilter,
  defineRoutes,
  idParam,
  isoDate,
  isoDateTime,
  money,
  optionalTrimmed,
  paginationQuery,
} from './common.js';

export const PAYMENT_MODES = ['cash', 'bank_transfer', 'card', 'cheque', 'wallet', 'other'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/** Where a payment was recorded: with the sale itself, or afterwards against the order. */
export const PAYMENT_SOURCES = ['order', 'payment'] as const;
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];

export interface PaymentReceived {
  id: string;
  /** `PAY-000012`, sequential per store. */
  number: string;
  order_id: string;
  order_number: string;
  customer_id: string | null;
  customer_name: string | null;
  amount: number;
  payment_mode: PaymentMode;
  /** When the money was received (may be earlier than when it was recorded). */
  payment_date: string;
  reference: string | null;
  note: string | null;
  source: PaymentSource;
  recorded_by: { id: string | null; name: string | null };
  created_at: string;
}

/** The answer of `POST /payment_received/add_payment`: the payment and the order's new balance. */
export interface RecordedPayment extends PaymentReceived {
  order_amount_received: number;
  order_amount_outstanding: number;
  order_payment_state: 'unpaid' | 'partially_paid' | 'paid';
}

export const addPaymentBody = z.object({
  order_id: z.string({ error: 'Order is required' }).trim().min(1, { error: 'Order is required' }).max(64),
  amount: money('Amount').refine((v) => v > 0, { error: 'Amount must be more than 0' }),
  payment_mode: z.enum(PAYMENT_MODES, { error: `Payment mode must be one of ${PAYMENT_MODES.join(', ')}` }),
  customer_id: z.string().trim().min(1).max(64).optional().nullable(),
  payment_date: z
    .union([isoDate, isoDateTime], { error: 'Payment date must be a date like 2026-12-24' })
    .optional()
    .nullable(),
  reference: optionalTrimmed('Reference', 100),
  note: optionalTrimmed('Note', 500),
});

export const paymentListQuery = paginationQuery.extend({
  search: z.string().trim().max(100, { error: 'Search must be at most 100 characters' }).optional(),
  customerId: z.string().trim().max(64).optional(),
  orderId: z.string().trim().max(64).optional(),
  mode: z.enum(PAYMENT_MODES, { error: `Mode must be one of ${PAYMENT_MODES.join(', ')}` }).optional(),
  from: dateFilter,
  to: dateFilter,
});

export const paymentsReceivedRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/payment_received',
    access: 'orders.view',
    summary:
      'Payments received, newest first, by customer, mode and date range; `search` matches the payment or order number, customer name or reference',
    query: paymentListQuery,
  },
  add: {
    method: 'POST',
    path: '/payment_received/add_payment',
    access: 'payments.record',
    summary: "Record a payment against an order; more than the order's outstanding amount is refused",
    body: addPaymentBody,
    idempotent: true,
  },
  get: {
    method: 'GET',
    path: '/payment_received/:id',
    access: 'orders.view',
    summary: 'One payment received',
    params: idParam,
  },
});
