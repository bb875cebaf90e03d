import { z } from 'zod';

/**
 * The answers of takings by payment type and sales by cashier (issue 32, decision 0062): money
 * received and paid back, by how it was paid and by who took it. Apart from `reports.ts`, which
 * re-exports it, so these two reports read apart from the sales figures of decision 0031.
 */

/**
 * Money in and money back over a range, by payment type (issue 32, decision 0062). Every figure
 * is dated by the store-local day the money moved, not the day of the sale: this is takings, not
 * sales (decision 0031 dates sales figures by the day of the sale).
 */
export const paymentTypeTakingsSchema = z.object({
  /**
   * `cash`, `card`, `bank_transfer`, `pos_terminal`, … A payment taken with the sale counts under
   * the order's payment type; a payment recorded later under its own payment mode.
   */
  payment_type: z.string(),
  /** Payments received, dated (`payment_date`) in the range. */
  received: z.number().int(),
  received_count: z.number().int(),
  /** Money paid back by refunds and cancellations made in the range, under the order's payment type. */
  paid_back: z.number().int(),
  /** Refunds and cancellations that paid money back. */
  paid_back_count: z.number().int(),
  /** `received − paid_back`. */
  net: z.number().int(),
});
export type PaymentTypeTakings = z.infer<typeof paymentTypeTakingsSchema>;

export const takingsByPaymentTypeSchema = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  /** Every payment type with money in or back in the range, the largest `received` first. */
  rows: z.array(paymentTypeTakingsSchema),
  total: paymentTypeTakingsSchema.omit({ payment_type: true }),
});
export type TakingsByPaymentType = z.infer<typeof takingsByPaymentTypeSchema>;

/** One member's (or API key's) sales and takings over a range (issue 32, decision 0062). */
export const cashierSalesSchema = z.object({
  /** The member's user id, or the API key's id; null for sales made by the system (seed data). */
  member_id: z.string().nullable(),
  /** The name on their latest sale or payment in the range (an API key's masked key). */
  member_name: z.string(),
  /** Sales: completed orders (`success`, or `refunded` since) they placed in the range. */
  orders: z.number().int(),
  /** Those sales' order totals. */
  sales_total: z.number().int(),
  /** Payments they recorded, dated in the range (with a sale or later). */
  received: z.number().int(),
  /** The value refunded since of those sales (their `refunded_total`), whoever refunded it. */
  refunds: z.number().int(),
  /** Line discounts and discount codes on those sales. */
  discounts: z.number().int(),
  /** `sales_total ÷ orders`, rounded half up; 0 without sales. */
  average_sale: z.number().int(),
});
export type CashierSales = z.infer<typeof cashierSalesSchema>;

export const salesByCashierSchema = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  /** Every member or key with a sale or a payment in the range, the largest `sales_total` first. */
  rows: z.array(cashierSalesSchema),
  total: cashierSalesSchema.omit({ member_id: true, member_name: true }),
});
export type SalesByCashier = z.infer<typeof salesByCashierSchema>;
