import { z } from 'zod';
import {
  dateFilter,
  defineRoutes,
  isoDateTime,
  idParam,
  money,
  optionalTrimmed,
  paginationQuery,
  trimmed,
} from './common.js';
import {
  MAX_LINE_QUANTITY,
  MAX_ORDER_LINES,
  OFFLINE_NUMBER_PATTERN,
  offlineDecisionBody,
  ORDER_CHANNELS,
  ORDER_STATUSES,
  PAYMENT_STATES,
  PAYMENT_TYPES,
  TENDER_TYPES,
  orderItemSchema,
  orderSchema,
  orderTaxSchema,
  personRef,
} from './order-model.js';

export * from './order-model.js';

export const orderRefundSchema = z.object({
  id: z.string(),
  reason: z.string(),
  /** Value of what was returned (lines, their share of discount and tax, and shipping on a full refund). */
  value: z.number().int(),
  /** Money paid back. */
  amount: z.number().int(),
  /** How the money went back (`cash`, `bank_transfer` …). */
  method: z.enum(PAYMENT_TYPES),
  items: z.array(
    z.object({
      product_id: z.string(),
      name: z.string(),
      quantity: z.number().int(),
      value: z.number().int(),
    }),
  ),
  created_by: personRef,
  created_at: z.string(),
});
export type OrderRefund = z.infer<typeof orderRefundSchema>;

/** The answer of `POST /order/{id}/refund`. */
export const refundResultSchema = z.object({ order: orderSchema, refund: orderRefundSchema });
export type RefundResult = z.infer<typeof refundResultSchema>;

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

/** A priced cart that was not saved (`POST /order/quote`). */
export const orderQuoteSchema = z.object({
  items: z.array(
    orderItemSchema.pick({
      product_id: true,
      variant_id: true,
      variant_name: true,
      pack: true,
      pack_factor: true,
      name: true,
      sku: true,
      unit_price: true,
      list_price: true,
      quantity: true,
      discount: true,
      total: true,
      order_discount: true,
      tax: true,
    }),
  ),
  items_count: z.number().int(),
  subtotal: z.number().int(),
  discount: z.number().int(),
  discount_code: z.string().nullable(),
  tax: z.number().int(),
  taxes: z.array(orderTaxSchema),
  tax_inclusive: z.boolean(),
  shipping: z.number().int(),
  shipping_name: z.string().nullable(),
  total: z.number().int(),
  currency: z.string(),
});
export type OrderQuote = z.infer<typeof orderQuoteSchema>;

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

const idText = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(64, { error: `${label} is too long` });

const lineQuantity = z
  .number({ error: 'Quantity must be a whole number' })
  .int({ error: 'Quantity must be a whole number' })
  .min(1, { error: 'Quantity must be at least 1' })
  .max(MAX_LINE_QUANTITY, { error: `Quantity must be at most ${MAX_LINE_QUANTITY}` });

export const orderLineInput = z.object({
  product_id: idText('Product'),
  /** Which variant (decision 0064); left out, the product's own, which is its only one unless it has options. */
  variant_id: idText('Variant').optional(),
  /** Sold in this pack of the variant (`carton`): priced at the pack's price, taking `factor × quantity` units. */
  pack: z.string({ error: 'Pack must be the name of a pack' }).trim().min(1).max(30).optional().nullable(),
  quantity: lineQuantity,
  discount: money('Line discount').optional().nullable(),
});

/** A discount code as typed: spaces trimmed, compared without case. */
export const discountCodeInput = z
  .string({ error: 'Discount code must be text' })
  .trim()
  .toUpperCase()
  .max(32, { error: 'Discount code must be at most 32 characters' });

const cartFields = {
  customer_id: idText('Customer').optional().nullable(),
  items: z
    .array(orderLineInput, { error: 'Items must be a list of products and quantities' })
    .min(1, { error: 'Add at least one item' })
    .max(MAX_ORDER_LINES, { error: `An order can have at most ${MAX_ORDER_LINES} lines` }),
  discount_code: discountCodeInput.optional().nullable(),
  shipping_id: idText('Shipping rate').optional().nullable(),
};

export const orderQuoteBody = z.object(cartFields);

/**
 * A sale the till made and priced with no network (decision 0036), sent when it is back: the
 * number the device gave it, when it was sold, when the till's copy of the catalogue was last
 * brought up to date, and the unit price it charged for each item (in `items` order).
 */
export const offlineSaleInput = z.object({
  number: z
    .string({ error: 'Offline number is required' })
    .regex(OFFLINE_NUMBER_PATTERN, { error: 'Offline number must look like OFF-7K3Q9X-12' }),
  sold_at: isoDateTime,
  catalogue_at: isoDateTime.nullable(),
  unit_prices: z
    .array(money('Unit price'), { error: 'Unit prices must be a list of amounts' })
    .max(MAX_ORDER_LINES),
  total: money('Total'),
  /**
   * The till's clock when it sent the sale. The server reads the till's clock error from it
   * (its clock against the server's at that moment) and dates the sale by the server's clock
   * (decision 0047). Not part of the request an Idempotency-Key's repeat must match.
   */
  sent_at: isoDateTime.optional(),
});

export const createOrderBody = z.object({
  ...cartFields,
  offline: offlineSaleInput.optional(),
  /**
   * The shift the till sold under (its open shift on the device, decision 0063). Left out, the
   * sale belongs to the caller's open shift in the store, if any.
   */
  shift_id: z
    .string({ error: 'Shift must be an id' })
    .trim()
    .min(1, { error: 'Shift must be an id' })
    .max(64)
    .optional(),
  payment_type: z.enum(PAYMENT_TYPES, {
    error: `Payment type must be one of ${PAYMENT_TYPES.join(', ')}`,
  }),
  amount_received: money('Amount received').optional().nullable(),
  /**
   * A sale on credit (`payment_type: credit`, decision 0065): how `amount_received`, the part paid
   * now, was paid. Left out, cash.
   */
  paid_with: z
    .enum(TENDER_TYPES, { error: `Paid with must be one of ${TENDER_TYPES.join(', ')}` })
    .optional(),
  /**
   * A sale on credit past the customer's limit, approved at the till by a member who may
   * (`customers.credit_override`) with their transaction PIN. Audited.
   */
  credit_approval: z
    .object({
      user_id: idText('Approver'),
      pin: z.string({ error: 'PIN is required' }).regex(/^\d{4,6}$/, { error: 'PIN must be 4 to 6 digits' }),
    })
    .optional(),
  /**
   * With `payment_type: bank_transfer`: place the sale awaiting a transfer into the store's
   * account; the answer's `transfer` says where and how much, and the sale completes when the
   * transfer arrives (decision 0065).
   */
  await_transfer: z.boolean({ error: 'Await transfer must be true or false' }).optional(),
  channel: z
    .enum(ORDER_CHANNELS, { error: `Channel must be one of ${ORDER_CHANNELS.join(', ')}` })
    .optional(),
  notes: optionalTrimmed('Notes', 1000),
});

export const updateOrderStatusBody = z.object({
  status: z.enum(ORDER_STATUSES, { error: `Status must be one of ${ORDER_STATUSES.join(', ')}` }),
  /** Why, for a cancellation or refund; kept in the order's history. */
  reason: optionalTrimmed('Reason', 500),
});

export const refundOrderBody = z.object({
  items: z
    .array(
      z.object({
        product_id: idText('Product'),
        /** Only this variant's lines; left out, every line of the product. */
        variant_id: idText('Variant').optional(),
        /** Only the lines sold in this pack (null: sold by the unit); left out, any. */
        pack: z.string().trim().min(1).max(30).optional().nullable(),
        quantity: lineQuantity,
      }),
      { error: 'Items must be a list of products and quantities' },
    )
    .min(1, { error: 'Choose at least one item to refund, or leave items out to refund everything' })
    .max(MAX_ORDER_LINES)
    .refine(
      (items) =>
        new Set(
          items.map(
            (i) => `${i.product_id}|${i.variant_id ?? ''}|${i.pack === undefined ? '*' : (i.pack ?? '')}`,
          ),
        ).size === items.length,
      { error: 'List each product once' },
    )
    .optional()
    .nullable(),
  reason: trimmed('Reason', 500),
  /**
   * How the money goes back (decision 0063): cash leaves the drawer, a transfer or a card reversal
   * does not. Left out, the way the sale was paid.
   */
  method: z.enum(PAYMENT_TYPES, { error: `Method must be one of ${PAYMENT_TYPES.join(', ')}` }).optional(),
});

/** What a refund of these units would be (`POST /order/{id}/refund/quote`): nothing is written. */
export const refundQuoteBody = refundOrderBody.pick({ items: true });

/** A refund worked out as `POST /order/{id}/refund` would make it now, shown before it is confirmed. */
export const refundQuoteSchema = z.object({
  /** Value of what is returned, as the refund would record it. */
  value: z.number().int(),
  /** Money that goes back to the customer (0 when they had not paid beyond what they keep). */
  amount: z.number().int(),
  /**
   * How the money goes back: the ways the sale was paid (its payments' modes, largest first; the
   * order's payment type when it has no payment record). Empty when no money goes back.
   */
  methods: z.array(z.string()),
  /** What the customer still owes after it. */
  outstanding_after: z.number().int(),
  /** Every unit left is refunded: the order ends `refunded`. */
  full: z.boolean(),
  items: orderRefundSchema.shape.items,
});
export type RefundQuote = z.infer<typeof refundQuoteSchema>;

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
