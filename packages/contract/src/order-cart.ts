import { z } from 'zod';
import { isoDateTime, money, optionalTrimmed } from './common.js';
import {
  MAX_LINE_QUANTITY,
  MAX_ORDER_LINES,
  OFFLINE_NUMBER_PATTERN,
  ORDER_CHANNELS,
  PAYMENT_TYPES,
  TENDER_TYPES,
  orderItemSchema,
  orderTaxSchema,
} from './order-model.js';

/**
 * The cart and the sale as a till sends them: `POST /order/quote` (and the priced cart it answers)
 * and `POST /order`, with an offline sale's record. Apart from `orders.ts`, which re-exports its
 * public names, because pricing and placing a sale is the order area's largest body; `idText` and
 * `lineQuantity` are shared with the refund body (`order-refunds.ts`).
 */

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

export const idText = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(64, { error: `${label} is too long` });

export const lineQuantity = z
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
