import { z } from 'zod';
import { trimmed } from './common.js';
import { MAX_ORDER_LINES, PAYMENT_TYPES, orderSchema, personRef } from './order-model.js';
import { idText, lineQuantity } from './order-cart.js';

/**
 * Refunds: a refund as an order's detail lists it, what `POST /order/{id}/refund` takes and
 * answers, and its quote. Apart from `orders.ts`, which re-exports it, so the refund's rules read
 * in one place.
 */

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
