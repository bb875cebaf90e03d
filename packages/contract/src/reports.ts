import { z } from 'zod';
import { defineRoutes, paginationQuery, paginationSchema } from './common.js';
import { ORDER_STATUSES } from './orders.js';
import { checkRange, range } from './report-range.js';

/**
 * The dashboard and the reports (spec section 7, domain.md "Dashboard and reports"). Every figure
 * comes from one sales-figures layer on the server (decision 0031):
 * - a sale is an order that was completed (`success`, or `refunded` after it);
 * - it is dated by the store-local day (store time zone, default Africa/Lagos) it was placed on;
 * - a refund or a cancellation changes the figures of the day of the sale, not the day it happens;
 * - money is in minor units (kobo for NGN).
 *
 * `from`/`to` are store-local dates (`2026-01-31`), both included. `storeId` (query) picks the
 * store as on every other call.
 */

export * from './dashboard.js';
export { MAX_RANGE_DAYS } from './report-range.js';

// Reports

/** The figures of a period (decision 0031 defines each). */
export const salesFiguresSchema = z.object({
  /** Units × the price they were sold at, before any discount. */
  gross_sales: z.number().int(),
  /** Line discounts and discount codes. */
  discounts: z.number().int(),
  /** Value refunded (goods with their tax share, and shipping on a full refund). */
  refunds: z.number().int(),
  /** `gross_sales − discounts − refunds`. */
  net_sales: z.number().int(),
  /** Tax charged on the sales (included in prices when the store's prices include tax). */
  tax: z.number().int(),
  shipping: z.number().int(),
  /** Order totals less refunds: `net_sales` + tax (when added to prices) + shipping. */
  total_sales: z.number().int(),
  /** Completed orders (sales). */
  orders: z.number().int(),
  /** `net_sales ÷ orders`, rounded to the minor unit; 0 without orders. */
  average_order_value: z.number().int(),
  /** Units sold less units refunded. */
  units: z.number().int(),
  /** Cost of the units kept (product cost price at the sale; units without a cost count 0). */
  cost: z.number().int(),
});
export type SalesFigures = z.infer<typeof salesFiguresSchema>;

/** Figures beside those of the period before, with the change of each in percent (null from 0). */
export const comparedFiguresSchema = z.object({
  current: salesFiguresSchema,
  previous: salesFiguresSchema,
  /** Per figure: `(current − previous) / previous × 100`, two decimals; null when previous is 0. */
  change_percent: z.object(
    Object.fromEntries(
      Object.keys(salesFiguresSchema.shape).map((k) => [k, z.number().nullable()]),
    ) as Record<keyof typeof salesFiguresSchema.shape, z.ZodNullable<z.ZodNumber>>,
  ),
});
export type ComparedFigures = z.infer<typeof comparedFiguresSchema>;

/** A report's range: `to` defaults to today, `from` to the first day of `to`'s month. */
export const reportRangeQuery = z.object(range).superRefine(checkRange);

export const salesSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The period of the same length just before. */
  previous_from: z.string(),
  previous_to: z.string(),
  currency: z.string(),
  ...comparedFiguresSchema.shape,
});
export type SalesSummary = z.infer<typeof salesSummarySchema>;

export const REPORT_TYPES = ['daily', 'weekly', 'monthly', 'yearly'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/**
 * `type` sets the rows' period (weeks start on Monday). Defaults of the range: daily the last 30
 * days, weekly the last 12 weeks, monthly the last 12 months, yearly the last 5 years, each up
 * to today; a given range is widened to whole periods.
 */
export const salesReportQuery = z
  .object({
    type: z.enum(REPORT_TYPES, { error: `Type must be one of ${REPORT_TYPES.join(', ')}` }).default('daily'),
    ...range,
  })
  .superRefine(checkRange);

export const salesReportRowSchema = z.object({
  /** `2026-11-26` (day), `2026-W48` (ISO week), `2026-11` (month), `2026` (year). */
  period: z.string(),
  label: z.string(),
  from: z.string(),
  to: z.string(),
  ...comparedFiguresSchema.shape,
});
export type SalesReportRow = z.infer<typeof salesReportRowSchema>;

export const salesReportSchema = z.object({
  type: z.enum(REPORT_TYPES),
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  /** Every period of the range, oldest first, zero when nothing was sold. */
  rows: z.array(salesReportRowSchema),
  /** The rows added up, beside the previous periods added up. */
  totals: comparedFiguresSchema,
});
export type SalesReport = z.infer<typeof salesReportSchema>;

export const salesByItemQuery = paginationQuery
  .extend({
    ...range,
    categoryId: z.string().trim().max(64).optional(),
    search: z.string().trim().max(100, { error: 'Search must be at most 100 characters' }).optional(),
    sort: z
      .enum(['revenue', 'quantity', 'margin', 'name'], {
        error: 'Sort must be revenue, quantity, margin or name',
      })
      .default('revenue'),
    /** A row per product (default), or per variant (decision 0064: sizes and colours apart). */
    by: z.enum(['product', 'variant'], { error: 'By must be product or variant' }).default('product'),
  })
  .superRefine(checkRange);

export const salesByItemRowSchema = z.object({
  product_id: z.string(),
  /** With `by=variant`: the variant, and its name as sold (`M / Red`); null by product. */
  variant_id: z.string().nullable(),
  variant_name: z.string().nullable(),
  name: z.string(),
  sku: z.string().nullable(),
  /** Units sold less units refunded. */
  quantity: z.number().int(),
  /** Line totals after discounts, less refunds, tax not added. */
  revenue: z.number().int(),
  /** `revenue ÷ quantity`, rounded; 0 without units. */
  average_price: z.number().int(),
  cost: z.number().int(),
  /** `revenue − cost`. */
  margin: z.number().int(),
  /** `margin ÷ revenue × 100`, two decimals; null without revenue. */
  margin_percent: z.number().nullable(),
});
export type SalesByItemRow = z.infer<typeof salesByItemRowSchema>;

export const salesByItemTotalsSchema = salesByItemRowSchema.pick({
  quantity: true,
  revenue: true,
  average_price: true,
  cost: true,
  margin: true,
  margin_percent: true,
});

export const salesByItemSchema = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  /** One page of products sold in the range. */
  rows: z.array(salesByItemRowSchema),
  /** All the products matching the filters, not only this page. */
  totals: salesByItemTotalsSchema,
  pagination: paginationSchema,
});
export type SalesByItem = z.infer<typeof salesByItemSchema>;

export const TRANSACTION_KINDS = ['orders', 'payments'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];
/** `sales_transactions/filter?type=`: a period ending today (store-local). */
export const TRANSACTION_PERIODS = ['today', 'yesterday', 'week', 'month', 'year'] as const;
export type TransactionPeriod = (typeof TRANSACTION_PERIODS)[number];

const transactionFilters = {
  ...range,
  status: z.enum(ORDER_STATUSES, { error: `Status must be one of ${ORDER_STATUSES.join(', ')}` }).optional(),
};

/** Orders placed in a range (the current month by default), newest first. */
export const transactionsQuery = paginationQuery.extend(transactionFilters).superRefine(checkRange);
/**
 * The period: `type` (today, yesterday, this week, this month or this year) or a `from`/`to`
 * range (the current month by default), for orders and payments alike; `kind`: one row per
 * order (default) or per payment received; `status` is the order's status.
 */
export const transactionsFilterQuery = paginationQuery
  .extend({
    ...transactionFilters,
    type: z
      .enum(TRANSACTION_PERIODS, { error: `Type must be one of ${TRANSACTION_PERIODS.join(', ')}` })
      .optional(),
    kind: z
      .enum(TRANSACTION_KINDS, { error: `Kind must be one of ${TRANSACTION_KINDS.join(', ')}` })
      .default('orders'),
  })
  .superRefine(checkRange)
  .superRefine((q, c) => {
    if (q.type && (q.from || q.to))
      c.addIssue({ code: 'custom', path: ['type'], message: 'Send either type or from/to' });
  });

export const transactionRowSchema = z.object({
  /** The order's id, or the payment's. */
  id: z.string(),
  kind: z.enum(['order', 'payment']),
  /** When the order was placed, or the payment received (ISO instant). */
  date: z.string(),
  /** `ORD-000123` or `PAY-000012`. */
  number: z.string(),
  order_id: z.string(),
  order_number: z.string(),
  customer_name: z.string().nullable(),
  /** The order's payment type, or the payment's mode. */
  payment_type: z.string(),
  /** The order's total, or the payment's amount. */
  amount: z.number().int(),
  /** The order's status (for a payment, its order's status). */
  status: z.enum(ORDER_STATUSES),
});
export type TransactionRow = z.infer<typeof transactionRowSchema>;

export const transactionsSchema = z.object({
  from: z.string(),
  to: z.string(),
  kind: z.enum(TRANSACTION_KINDS),
  currency: z.string(),
  rows: z.array(transactionRowSchema),
  /**
   * All rows matching the filters, not only this page. `amount` adds up the rows' amounts (for
   * orders, their totals, paid or not); `paid` and `unpaid` keep them apart (decision 0059): for
   * orders, the money kept (received less paid back) and what is still owed; for payments, every
   * payment is paid.
   */
  totals: z.object({
    count: z.number().int(),
    amount: z.number().int(),
    paid: z.number().int(),
    unpaid: z.number().int(),
  }),
  pagination: paginationSchema,
});
export type Transactions = z.infer<typeof transactionsSchema>;

/** An export takes the report's query without the page. */
export const salesByItemExportQuery = z
  .object({
    ...range,
    categoryId: z.string().trim().max(64).optional(),
    search: z.string().trim().max(100).optional(),
    sort: z.enum(['revenue', 'quantity', 'margin', 'name']).default('revenue'),
    by: z.enum(['product', 'variant'], { error: 'By must be product or variant' }).default('product'),
  })
  .superRefine(checkRange);
export const transactionsExportQuery = z
  .object({
    ...transactionFilters,
    type: z
      .enum(TRANSACTION_PERIODS, { error: `Type must be one of ${TRANSACTION_PERIODS.join(', ')}` })
      .optional(),
    kind: z
      .enum(TRANSACTION_KINDS, { error: `Kind must be one of ${TRANSACTION_KINDS.join(', ')}` })
      .default('orders'),
  })
  .superRefine(checkRange)
  .superRefine((q, c) => {
    if (q.type && (q.from || q.to))
      c.addIssue({ code: 'custom', path: ['type'], message: 'Send either type or from/to' });
  });

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

export const reportsRoutes = defineRoutes({
  summary: {
    method: 'GET',
    path: '/sales_report/all',
    access: 'reports.view',
    summary: 'Sales figures of a range (this month by default) beside the period of the same length before',
    query: reportRangeQuery,
    response: salesSummarySchema,
  },
  salesByPeriod: {
    method: 'GET',
    path: '/sales_report/filter/sales',
    access: 'reports.view',
    summary: 'Sales figures per day, week, month or year, each beside the period before',
    query: salesReportQuery,
    response: salesReportSchema,
  },
  salesByItem: {
    method: 'GET',
    path: '/sales_report/items',
    access: 'reports.view',
    summary: 'Per product: quantity, revenue, average price, cost and margin, with category and date filters',
    query: salesByItemQuery,
    response: salesByItemSchema,
  },
  transactions: {
    method: 'GET',
    path: '/sales_transactions/orders',
    access: 'reports.view',
    summary: 'One row per order placed in a range (this month by default), newest first, filtered by status',
    query: transactionsQuery,
    response: transactionsSchema,
  },
  transactionsFilter: {
    method: 'GET',
    path: '/sales_transactions/filter',
    access: 'reports.view',
    summary:
      'Orders or payments received over a period (today … this year) or a from/to range, newest first, filtered by status',
    query: transactionsFilterQuery,
    response: transactionsSchema,
  },
  exportSummary: {
    method: 'GET',
    path: '/sales_report/all/export',
    access: 'reports.view',
    summary: 'The sales summary as CSV: one line per figure, this period and the one before',
    query: reportRangeQuery,
    file: 'text/csv',
  },
  exportSales: {
    method: 'GET',
    path: '/sales_report/filter/sales/export',
    access: 'reports.view',
    summary: 'The sales report as CSV: one line per period, then the totals line',
    query: salesReportQuery,
    file: 'text/csv',
  },
  exportSalesByItem: {
    method: 'GET',
    path: '/sales_report/items/export',
    access: 'reports.view',
    summary: 'Sales by item as CSV: every product matching the filters, then the totals line',
    query: salesByItemExportQuery,
    file: 'text/csv',
  },
  exportTransactions: {
    method: 'GET',
    path: '/sales_transactions/export',
    access: 'reports.view',
    summary: 'Sales transactions as CSV (all pages), then the totals line; streamed',
    query: transactionsExportQuery,
    file: 'text/csv',
  },
  paymentTypes: {
    method: 'GET',
    path: '/sales_report/payment-types',
    access: 'reports.view',
    summary:
      'Money received and paid back (refunds, cancellations) over a range, by payment type, dated by the day the money moved',
    query: reportRangeQuery,
    response: takingsByPaymentTypeSchema,
  },
  exportPaymentTypes: {
    method: 'GET',
    path: '/sales_report/payment-types/export',
    access: 'reports.view',
    summary: 'Takings by payment type as CSV: one line per payment type, then the totals line',
    query: reportRangeQuery,
    file: 'text/csv',
  },
  cashiers: {
    method: 'GET',
    path: '/sales_report/cashiers',
    access: 'reports.view',
    summary:
      'Per member (or API key) who sold: sales, their totals, money received, refunds, discounts and the average sale over a range',
    query: reportRangeQuery,
    response: salesByCashierSchema,
  },
  exportCashiers: {
    method: 'GET',
    path: '/sales_report/cashiers/export',
    access: 'reports.view',
    summary: 'Sales by cashier as CSV: one line per member or key, then the totals line',
    query: reportRangeQuery,
    file: 'text/csv',
  },
});
