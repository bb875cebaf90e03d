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

export const paymentReceivedSchema = z.object({
  id: z.string(),
  /** `PAY-000012`, sequential per store. */
  number: z.string(),
  order_id: z.string(),
  order_number: z.string(),
  customer_id: z.string().nullable(),
  customer_name: z.string().nullable(),
  amount: z.number().int(),
  payment_mode: z.enum(PAYMENT_MODES),
  /** When the money was received (may be earlier than when it was recorded). */
  payment_date: z.string(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  source: z.enum(PAYMENT_SOURCES),
  recorded_by: z.object({ id: z.string().nullable(), name: z.string().nullable() }),
  created_at: z.string(),
});
export type PaymentReceived = z.infer<typeof paymentReceivedSchema>;

/** The answer of `POST /payment_received/add_payment`: the payment and the order's new balance. */
export const recordedPaymentSchema = paymentReceivedSchema.extend({
  order_amount_received: z.number().int(),
  order_amount_outstanding: z.number().int(),
  order_payment_state: z.enum(['unpaid', 'partially_paid', 'paid']),
});
export type RecordedPayment = z.infer<typeof recordedPaymentSchema>;

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
/** The export's query: the list's filters, every row. */
export const paymentExportQuery = paymentListQuery.omit({ page: true, perPage: true });

export const paymentsReceivedRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/payment_received',
    access: 'orders.view',
    summary:
      'Payments received, newest first, by customer, mode and date range; `search` matches the payment or order number, customer name or reference',
    query: paymentListQuery,
    response: paymentReceivedSchema,
    paginated: true,
  },
  export: {
    method: 'GET',
    path: '/payment_received/export',
    access: 'orders.view',
    summary: 'Payments received matching the list filters, as CSV',
    query: paymentExportQuery,
    file: 'text/csv',
  },

  add: {
    method: 'POST',
    path: '/payment_received/add_payment',
    access: 'payments.record',
    summary: "Record a payment against an order; more than the order's outstanding amount is refused",
    body: addPaymentBody,
    idempotent: true,
    response: recordedPaymentSchema,
  },
  get: {
    method: 'GET',
    path: '/payment_received/:id',
    access: 'orders.view',
    summary: 'One payment received',
    params: idParam,
    response: paymentReceivedSchema,
  },
});
