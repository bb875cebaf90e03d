import { z } from 'zod';
import { dateFilter, defineRoutes, idParam, optionalTrimmed, paginationQuery } from './common.js';
import {
  ORDER_CHANNELS,
  ORDER_STATUSES,
  PAYMENT_STATES,
  offlineDecisionBody,
  orderSchema,
} from './order-model.js';
import { createOrderBody, orderQuoteBody, orderQuoteSchema } from './order-cart.js';
import {
  orderRefundSchema,
  refundOrderBody,
  refundQuoteBody,
  refundQuoteSchema,
  refundResultSchema,
} from './order-refunds.js';

export * from './order-model.js';
export {
  createOrderBody,
  discountCodeInput,
  offlineSaleInput,
  orderLineInput,
  orderQuoteBody,
  orderQuoteSchema,
  type OrderQuote,
} from './order-cart.js';
export * from './order-refunds.js';

export const orderPaymentSchema = z.object({
  id: z.string(),
  number: z.string(),
  amount: z.number().int(),
  payment_mode: z.string(),
  payment_date: z.string(),
  reference: z.string().nullable(),
});
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

export const orderHistoryEntrySchema = z.object({
  action: z.string(),
  summary: z.string(),
  actor_name: z.string().nullable(),
  created_at: z.string(),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;

export const orderDetailSchema = orderSchema.extend({
  payments: z.array(orderPaymentSchema),
  refunds: z.array(orderRefundSchema),
  history: z.array(orderHistoryEntrySchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const invoiceStoreSchema = z.object({
  business_name: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  phone_number: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  logo_url: z.string().nullable(),
  tin: z.string().nullable(),
  registration_number: z.string().nullable(),
});
export type InvoiceStore = z.infer<typeof invoiceStoreSchema>;

/** An order's invoice, or its receipt once it is paid in full. */
export const invoiceSchema = z.object({
  kind: z.enum(['invoice', 'receipt']),
  /** `INV-000123`, assigned the first time the order's invoice is produced. */
  invoice_number: z.string(),
  issued_at: z.string(),
  store: invoiceStoreSchema,
  order: orderSchema,
  balance_due: z.number().int(),
  /** The store's settlement account (Settings → Payment), printed as "pay to"; null when not set. */
  pay_to: z
    .object({ bank_name: z.string(), account_number: z.string(), account_name: z.string() })
    .nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const updateOrderStatusBody = z.object({
  status: z.enum(ORDER_STATUSES, { error: `Status must be one of ${ORDER_STATUSES.join(', ')}` }),
  /** Why, for a cancellation or refund; kept in the order's history. */
  reason: optionalTrimmed('Reason', 500),
});

const orderFilters = {
  search: z.string().trim().max(100, { error: 'Search must be at most 100 characters' }).optional(),
  status: z.enum(ORDER_STATUSES, { error: `Status must be one of ${ORDER_STATUSES.join(', ')}` }).optional(),
  paymentState: z
    .enum(PAYMENT_STATES, { error: `Payment state must be one of ${PAYMENT_STATES.join(', ')}` })
    .optional(),
  channel: z
    .enum(ORDER_CHANNELS, { error: `Channel must be one of ${ORDER_CHANNELS.join(', ')}` })
    .optional(),
  customerId: z.string().trim().max(64).optional(),
  from: dateFilter,
  to: dateFilter,
};

export const orderListQuery = paginationQuery.extend(orderFilters);
export const orderFilterQuery = paginationQuery.extend({
  ...orderFilters,
  status: z.enum(ORDER_STATUSES, { error: `Status must be one of ${ORDER_STATUSES.join(', ')}` }),
});
/** `GET /order/export`: the list's filters, every row. */
export const orderExportQuery = z.object(orderFilters);
/** `GET /order/customer/{id}`: a customer's orders. */
export const customerOrdersQuery = paginationQuery.extend({ status: orderFilters.status });

export const invoiceQuery = z.object({
  layout: z.enum(['a4', 'receipt'], { error: 'Layout must be a4 or receipt' }).default('a4'),
});

export const ordersRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/order',
    access: 'orders.view',
    summary: 'Orders, newest first; `search` matches the number, customer name or phone',
    query: orderListQuery,
    response: orderSchema,
    paginated: true,
  },
  export: {
    method: 'GET',
    path: '/order/export',
    access: 'orders.view',
    summary: 'Orders matching the list filters, as CSV',
    query: orderExportQuery,
    file: 'text/csv',
  },
  filter: {
    method: 'GET',
    path: '/order/filter',
    access: 'orders.view',
    summary: 'Orders with one status',
    query: orderFilterQuery,
    response: orderSchema,
    paginated: true,
  },
  quote: {
    method: 'POST',
    path: '/order/quote',
    access: 'orders.create',
    summary: 'Price a cart (discount code, tax, shipping) without placing the order',
    body: orderQuoteBody,
    response: orderQuoteSchema,
  },
  create: {
    method: 'POST',
    path: '/order',
    access: 'orders.create',
    summary: 'Place an order: prices, stock, discount use and payment in one transaction',
    body: createOrderBody,
    idempotent: true,
    response: orderSchema,
  },
  get: {
    method: 'GET',
    path: '/order/:id',
    access: 'orders.view',
    summary: 'One order with its payments, refunds and history',
    params: idParam,
    response: orderDetailSchema,
  },
  updateStatus: {
    method: 'PATCH',
    path: '/order/status/:id',
    access: 'orders.update_status',
    summary: 'Move an order to its next status; cancelling or refunding returns stock',
    params: idParam,
    body: updateOrderStatusBody,
    response: orderSchema,
  },
  offlineDecision: {
    method: 'POST',
    path: '/order/:id/offline-decision',
    access: 'orders.update_status',
    summary:
      'Decide an offline sale that needs a decision: accept it (its held stock is taken now) or cancel it',
    params: idParam,
    body: offlineDecisionBody,
    response: orderSchema,
  },
  refund: {
    method: 'POST',
    path: '/order/:id/refund',
    access: 'orders.update_status',
    summary: 'Refund a completed order, in full or by lines, with a reason',
    params: idParam,
    body: refundOrderBody,
    idempotent: true,
    response: refundResultSchema,
  },
  refundQuote: {
    method: 'POST',
    path: '/order/:id/refund/quote',
    access: 'orders.update_status',
    summary: 'What a refund would be worth and pay back, and how, without making it',
    params: idParam,
    body: refundQuoteBody,
    response: refundQuoteSchema,
  },
  invoice: {
    method: 'GET',
    path: '/order/:id/invoice',
    access: 'orders.view',
    summary: "The order's invoice (a receipt once paid); assigns its INV- number the first time",
    params: idParam,
    response: invoiceSchema,
  },
  invoicePdf: {
    method: 'GET',
    path: '/order/:id/invoice.pdf',
    access: 'orders.view',
    summary: "The order's invoice or receipt as a PDF (A4 or an 80 mm receipt)",
    params: idParam,
    query: invoiceQuery,
    file: 'application/pdf',
  },
  emailInvoice: {
    method: 'POST',
    path: '/order/:id/invoice/email',
    access: 'orders.view',
    summary: "Email the invoice, with its PDF, to the order's customer",
    params: idParam,
    response: z.object({ to: z.string(), invoice_number: z.string() }),
  },
});
