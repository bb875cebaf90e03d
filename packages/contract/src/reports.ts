import { z } from 'zod';
import { defineRoutes, paginationQuery, paginationSchema } from './common.js';
import { checkRange, range } from './report-range.js';
import { salesByCashierSchema, takingsByPaymentTypeSchema } from './report-takings.js';
import {
  transactionsExportQuery,
  transactionsFilterQuery,
  transactionsQuery,
  transactionsSchema,
} from './report-transactions.js';

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
export * from './report-transactions.js';
export * from './report-takings.js';

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
