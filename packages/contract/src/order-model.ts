import { z } from 'zod';
import {
  ORDER_CHANNELS,
  ORDER_STATUSES,
  PAYMENT_STATES,
  PAYMENT_TYPES,
  TILL_TRANSFER_STATES,
} from './order-constants.js';

/** An order as the API answers it and the offline-sale decision (`orders.ts` re-exports all of it, and the order constants). */

export * from './order-constants.js';

export const orderCustomerSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone_number: z.string().nullable(),
  email_address: z.string().nullable(),
});
export type OrderCustomer = z.infer<typeof orderCustomerSchema>;

export const orderItemSchema = z.object({
  id: z.string(),
  product_id: z.string(),
  /** The variant sold (the product's id for a product without options). */
  variant_id: z.string(),
  /** The variant's values as sold (`M / Red`), or null for a product without options. */
  variant_name: z.string().nullable(),
  /** The pack the line was sold in (`carton`), or null when sold by the unit. */
  pack: z.string().nullable(),
  /** Base units in one unit of this line: the pack's factor, 1 without a pack. */
  pack_factor: z.number().int(),
  name: z.string(),
  sku: z.string().nullable(),
  /** The price the product was sold at: its sale price when it had one, else its price. */
  unit_price: z.number().int(),
  /** The product's regular price at the time of sale (above `unit_price` when on sale). */
  list_price: z.number().int(),
  quantity: z.number().int(),
  /** Discount given on this line, in minor units. */
  discount: z.number().int(),
  /** `unit_price × quantity − discount`. */
  total: z.number().int(),
  /** This line's share of the order's discount code. */
  order_discount: z.number().int(),
  /** This line's share of the order's tax. */
  tax: z.number().int(),
  quantity_refunded: z.number().int(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderTaxSchema = z.object({
  name: z.string(),
  /** Percent, e.g. 7.5. */
  rate: z.number(),
  amount: z.number().int(),
});
export type OrderTax = z.infer<typeof orderTaxSchema>;

export const personRef = z.object({ id: z.string().nullable(), name: z.string().nullable() });

export const OFFLINE_SALE_STATES = ['accepted', 'needs_review', 'resolved'] as const;
export type OfflineSaleState = (typeof OFFLINE_SALE_STATES)[number];
export const OFFLINE_ISSUE_KINDS = [
  'price_changed',
  'price_not_current',
  'stock_short',
  'stock_held',
  'discount_unavailable',
  'product_archived',
  'total_changed',
  'late',
  'customer_blocked',
  'sold_in_future',
  'till_clock',
  /** A sale on credit made offline that took the customer's account past its limit (decision 0065). */
  'credit_limit',
] as const;
/** `OFF-` + the device's id + its own running number: unique per device without asking the server. */
export const OFFLINE_NUMBER_PATTERN = /^OFF-[A-Z0-9]{4,16}-[0-9]{1,9}$/;
export const offlineIssueSchema = z.object({
  kind: z.enum(OFFLINE_ISSUE_KINDS),
  product_id: z.string().nullable(),
  message: z.string(),
});
export type OfflineIssue = z.infer<typeof offlineIssueSchema>;

/**
 * The bank account a sale waits to be paid into by transfer (`await_transfer`, decision 0065): the
 * till shows it in large digits until the transfer arrives and the state turns `paid`.
 */
export const tillTransferSchema = z.object({
  account_number: z.string(),
  bank_name: z.string(),
  account_name: z.string(),
  /** What the customer is to send, minor units. */
  amount: z.number().int(),
  /** Received by transfers matched to the sale so far. */
  received: z.number().int(),
  state: z.enum(TILL_TRANSFER_STATES),
  expires_at: z.string(),
  paid_at: z.string().nullable(),
});
export type TillTransfer = z.infer<typeof tillTransferSchema>;

export const orderSchema = z.object({
  id: z.string(),
  /** `ORD-000123`, sequential per store. */
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  payment_state: z.enum(PAYMENT_STATES),
  channel: z.enum(ORDER_CHANNELS),
  payment_type: z.enum(PAYMENT_TYPES),
  customer_id: z.string().nullable(),
  /** The customer as they were when the order was made; null for a walk-in sale. */
  customer: orderCustomerSchema.nullable(),
  items: z.array(orderItemSchema),
  /** Units on the order. */
  items_count: z.number().int(),
  /** Sum of line totals (after line discounts). */
  subtotal: z.number().int(),
  /** The discount code's amount. */
  discount: z.number().int(),
  discount_id: z.string().nullable(),
  discount_code: z.string().nullable(),
  tax: z.number().int(),
  taxes: z.array(orderTaxSchema),
  /** True when prices already include the tax (it is then not added to the total). */
  tax_inclusive: z.boolean(),
  shipping: z.number().int(),
  shipping_id: z.string().nullable(),
  shipping_name: z.string().nullable(),
  /** `subtotal − discount + tax (unless inclusive) + shipping`. */
  total: z.number().int(),
  /** Money received for the order, never more than the total. */
  amount_received: z.number().int(),
  /** What is still owed: the total less refunded value, less money kept. */
  amount_outstanding: z.number().int(),
  /** Cash handed back when cash received exceeded the total. */
  change_due: z.number().int(),
  /** Value of goods and charges refunded (reduces what the customer owes). */
  refunded_total: z.number().int(),
  /** Money paid back to the customer. */
  amount_refunded: z.number().int(),
  currency: z.string(),
  notes: z.string().nullable(),
  created_by: personRef,
  invoice_number: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  completed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
  /** The number the till gave a sale made offline (`OFF-…`), kept beside `number`; else null. */
  offline_number: z.string().nullable(),
  /** When the till made an offline sale; null for a sale made online. */
  offline_sold_at: z.string().nullable(),
  /** An offline sale as received: taken as the till made it, or waiting for a decision (decision 0036). */
  offline_state: z.enum(OFFLINE_SALE_STATES).nullable(),
  /** Where the offline sale differed from the store's records when it arrived, and what was done. */
  offline_issues: z.array(offlineIssueSchema),
  /** A sale on credit (`payment_type: credit`): how the part paid at the till was paid; else null. */
  paid_with: z.enum(PAYMENT_TYPES).nullable(),
  /** Debt on the order forgiven by a write-off of the customer's account (decision 0065). */
  amount_written_off: z.number().int(),
  /** The transfer the sale waits for or was paid by at the till; null when it is not paid so. */
  transfer: tillTransferSchema.nullable(),
});
export type Order = z.infer<typeof orderSchema>;

/** What the merchant decides about an offline sale that waits for a decision (decision 0036). */
export const OFFLINE_DECISIONS = ['accept', 'cancel'] as const;
export type OfflineDecision = (typeof OFFLINE_DECISIONS)[number];

export const offlineDecisionBody = z.object({
  decision: z.enum(OFFLINE_DECISIONS, { error: `Decision must be one of ${OFFLINE_DECISIONS.join(', ')}` }),
});
