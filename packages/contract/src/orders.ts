import { z } from 'zod';
import {
  dateFilter,
  defineRoutes,
  idParam,
  money,
  optionalTrimmed,
  paginationQuery,
  trimmed,
} from './common.js';

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

export interface OrderCustomer {
  id: string;
  name: string;
  phone_number: string | null;
  email_address: string | null;
}

export interface OrderItem {
  id: string;
  product_id: string;
  name: string;
  sku: string | null;
  /** The price the product was sold at: its sale price when it had one, else its price. */
  unit_price: number;
  /** The product's regular price at the time of sale (above `unit_price` when on sale). */
  list_price: number;
  quantity: number;
  /** Discount given on this line, in minor units. */
  discount: number;
  /** `unit_price × quantity − discount`. */
  total: number;
  /** This line's share of the order's discount code. */
  order_discount: number;
  /** This line's share of the order's tax. */
  tax: number;
  quantity_refunded: number;
}

export interface OrderTax {
  name: string;
  /** Percent, e.g. 7.5. */
  rate: number;
  amount: number;
}

export interface Order {
  id: string;
  /** `ORD-000123`, sequential per store. */
  number: string;
  status: OrderStatus;
  payment_state: PaymentState;
  channel: OrderChannel;
  payment_type: PaymentType;
  customer_id: string | null;
  /** The customer as they were when the order was made; null for a walk-in sale. */
  customer: OrderCustomer | null;
  items: OrderItem[];
  /** Units on the order. */
  items_count: number;
  /** Sum of line totals (after line discounts). */
  subtotal: number;
  /** The discount code's amount. */
  discount: number;
  discount_id: string | null;
  discount_code: string | null;
  tax: number;
  taxes: OrderTax[];
  /** True when prices already include the tax (it is then not added to the total). */
  tax_inclusive: boolean;
  shipping: number;
  shipping_id: string | null;
  shipping_name: string | null;
  /** `subtotal − discount + tax (unless inclusive) + shipping`. */
  total: number;
  /** Money received for the order, never more than the total. */
  amount_received: number;
  /** What is still owed: the total less refunded value, less money kept. */
  amount_outstanding: number;
  /** Cash handed back when cash received exceeded the total. */
  change_due: number;
  /** Value of goods and charges refunded (reduces what the customer owes). */
  refunded_total: number;
  /** Money paid back to the customer. */
  amount_refunded: number;
  currency: string;
  notes: string | null;
  created_by: { id: string | null; name: string | null };
  invoice_number: string | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  cancelled_at: string | null;
  refunded_at: string | null;
}

export interface OrderRefund {
  id: string;
  reason: string;
  /** Value of what was returned (lines, their share of discount and tax, and shipping on a full refund). */
  value: number;
  /** Money paid back. */
  amount: number;
  items: Array<{ product_id: string; name: string; quantity: number; value: number }>;
  created_by: { id: string | null; name: string | null };
  created_at: string;
}

/** The answer of `POST /order/{id}/refund`. */
export interface RefundResult {
  order: Order;
  refund: OrderRefund;
}

export interface OrderPayment {
  id: string;
  number: string;
  amount: number;
  payment_mode: string;
  payment_date: string;
  reference: string | null;
}

export interface OrderHistoryEntry {
  action: string;
  summary: string;
  actor_name: string | null;
  created_at: string;
}

export interface OrderDetail extends Order {
  payments: OrderPayment[];
  refunds: OrderRefund[];
  history: OrderHistoryEntry[];
}

/** A priced cart that was not saved (`POST /order/quote`). */
export interface OrderQuote {
  items: Array<
    Pick<
      OrderItem,
      | 'product_id'
      | 'name'
      | 'sku'
      | 'unit_price'
      | 'list_price'
      | 'quantity'
      | 'discount'
      | 'total'
      | 'order_discount'
      | 'tax'
    >
  >;
  items_count: number;
  subtotal: number;
  discount: number;
  discount_code: string | null;
  tax: number;
  taxes: OrderTax[];
  tax_inclusive: boolean;
  shipping: number;
  shipping_name: string | null;
  total: number;
  currency: string;
}

export interface InvoiceStore {
  business_name: string;
  address: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  phone_number: string | null;
  email: string | null;
  website: string | null;
  logo_url: string | null;
  tin: string | null;
  registration_number: string | null;
}

/** An order's invoice, or its receipt once it is paid in full. */
export interface Invoice {
  kind: 'invoice' | 'receipt';
  /** `INV-000123`, assigned the first time the order's invoice is produced. */
  invoice_number: string;
  issued_at: string;
  store: InvoiceStore;
  order: Order;
  balance_due: number;
}

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

export const createOrderBody = z.object({
  ...cartFields,
  payment_type: z.enum(PAYMENT_TYPES, {
    error: `Payment type must be one of ${PAYMENT_TYPES.join(', ')}`,
  }),
  amount_received: money('Amount received').optional().nullable(),
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
    .array(z.object({ product_id: idText('Product'), quantity: lineQuantity }), {
      error: 'Items must be a list of products and quantities',
    })
    .min(1, { error: 'Choose at least one item to refund, or leave items out to refund everything' })
    .max(MAX_ORDER_LINES)
    .refine((items) => new Set(items.map((i) => i.product_id)).size === items.length, {
      error: 'List each product once',
    })
    .optional()
    .nullable(),
  reason: trimmed('Reason', 500),
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
  },
  filter: {
    method: 'GET',
    path: '/order/filter',
    access: 'orders.view',
    summary: 'Orders with one status',
    query: orderFilterQuery,
  },
  quote: {
    method: 'POST',
    path: '/order/quote',
    access: 'orders.create',
    summary: 'Price a cart (discount code, tax, shipping) without placing the order',
    body: orderQuoteBody,
  },
  create: {
    method: 'POST',
    path: '/order',
    access: 'orders.create',
    summary: 'Place an order: prices, stock, discount use and payment in one transaction',
    body: createOrderBody,
    idempotent: true,
  },
  get: {
    method: 'GET',
    path: '/order/:id',
    access: 'orders.view',
    summary: 'One order with its payments, refunds and history',
    params: idParam,
  },
  updateStatus: {
    method: 'PATCH',
    path: '/order/status/:id',
    access: 'orders.update_status',
    summary: 'Move an order to its next status; cancelling or refunding returns stock',
    params: idParam,
    body: updateOrderStatusBody,
  },
  refund: {
    method: 'POST',
    path: '/order/:id/refund',
    access: 'orders.update_status',
    summary: 'Refund a completed order, in full or by lines, with a reason',
    params: idParam,
    body: refundOrderBody,
    idempotent: true,
  },
  invoice: {
    method: 'GET',
    path: '/order/:id/invoice',
    access: 'orders.view',
    summary: "The order's invoice (a receipt once paid); assigns its INV- number the first time",
    params: idParam,
  },
  invoicePdf: {
    method: 'GET',
    path: '/order/:id/invoice.pdf',
    access: 'orders.view',
    summary: "The order's invoice or receipt as a PDF (A4 or an 80 mm receipt)",
    params: idParam,
    query: invoiceQuery,
  },
  emailInvoice: {
    method: 'POST',
    path: '/order/:id/invoice/email',
    access: 'orders.view',
    summary: "Email the invoice, with its PDF, to the order's customer",
    params: idParam,
  },
});
