import { z } from 'zod';
import { defineRoutes, isoDate, paginationQuery, paginationSchema } from './common.js';
import { ORDER_STATUSES, PAYMENT_STATES } from './orders.js';

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

/** A store-local date range; either end may be left out (see each route for what it means then). */
const range = {
  from: isoDate.optional(),
  to: isoDate.optional(),
};

/** `to` is not before `from`, and a range is at most ten years long. */
const checkRange = <T extends { from?: string | undefined; to?: string | undefined }>(
  q: T,
  c: z.RefinementCtx,
) => {
  if (q.from && q.to && q.from > q.to) {
    c.addIssue({ code: 'custom', path: ['to'], message: 'The end date must be on or after the start date' });
  }
  if (q.from && q.to && Date.parse(q.to) - Date.parse(q.from) > MAX_RANGE_DAYS * 86_400_000) {
    c.addIssue({
      code: 'custom',
      path: ['from'],
      message: `A range can be at most ${MAX_RANGE_DAYS} days long`,
    });
  }
};

export const MAX_RANGE_DAYS = 3660;

const limitQuery = (fallback: number, max: number) =>
  z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? undefined : Number(v)),
    z
      .number({ error: 'Must be a whole number' })
      .int({ error: 'Must be a whole number' })
      .min(1, { error: 'Must be at least 1' })
      .max(max, { error: `Must be at most ${max}` })
      .default(fallback),
  );

// Dashboard

/** A range for the dashboard's cards and lists: all time when both ends are left out. */
export const dashboardRangeQuery = z.object(range).superRefine(checkRange);
/** A top-N list over a range (all time by default). */
export const dashboardTopQuery = z.object({ ...range, limit: limitQuery(5, 50) }).superRefine(checkRange);
export const recentOrdersQuery = z.object({ limit: limitQuery(10, 50) });

export const topCustomerSchema = z.object({
  customer_id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  /** Sales to this customer in the range. */
  orders: z.number().int(),
  /** Net of refunds: what the customer's orders are worth now (order totals less refunds). */
  spent: z.number().int(),
});
export type TopCustomer = z.infer<typeof topCustomerSchema>;

export const topProductSchema = z.object({
  product_id: z.string(),
  name: z.string(),
  /** The product's first image (a URL path), null without one or when it is deleted. */
  image: z.string().nullable(),
  /** Units sold, less units refunded. */
  units: z.number().int(),
  /** Line totals after line and order discounts, less refunds, tax not added. */
  revenue: z.number().int(),
});
export type TopProduct = z.infer<typeof topProductSchema>;

export const recentOrderSchema = z.object({
  id: z.string(),
  number: z.string(),
  created_at: z.string(),
  customer_name: z.string().nullable(),
  /** The first line's product name ("Rice 5kg"), with "+2 more" when the order has more lines. */
  product: z.string(),
  /** Units on the order. */
  quantity: z.number().int(),
  amount: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  payment_state: z.enum(PAYMENT_STATES),
});
export type RecentOrder = z.infer<typeof recentOrderSchema>;

export const totalSalesSchema = z.object({
  /** The range asked for; null ends mean all time. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Net sales plus tax (when added to prices) and shipping: what the sales are worth after refunds. */
  total_sales: z.number().int(),
  net_sales: z.number().int(),
  orders: z.number().int(),
  currency: z.string(),
});
export type TotalSales = z.infer<typeof totalSalesSchema>;

export const todaySalesSchema = z.object({
  /** The store-local date of today. */
  date: z.string(),
  today: z.number().int(),
  yesterday: z.number().int(),
  today_orders: z.number().int(),
  yesterday_orders: z.number().int(),
  /** `(today − yesterday) / yesterday × 100`, two decimals; null when yesterday is 0. */
  change_percent: z.number().nullable(),
  currency: z.string(),
});
export type TodaySales = z.infer<typeof todaySalesSchema>;

export const totalCustomersSchema = z.object({
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Customers of the store (active and blocked). */
  total: z.number().int(),
  /** Customers added in the range (all when no range). */
  new: z.number().int(),
  /** Distinct customers with a sale in the range. */
  buying: z.number().int(),
});
export type TotalCustomers = z.infer<typeof totalCustomersSchema>;

export const totalOrdersSchema = z.object({
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Orders placed in the range, whatever their status now. */
  placed: z.number().int(),
  /** Sales: orders completed (`success`, or `refunded` since). */
  completed: z.number().int(),
  /** Placed in the range and cancelled since. */
  cancelled: z.number().int(),
  /** Sales refunded in full since. */
  refunded: z.number().int(),
  /** Placed and neither completed nor cancelled yet (`pending` or `processing`). */
  open: z.number().int(),
});
export type TotalOrders = z.infer<typeof totalOrdersSchema>;

export const CHART_OPTIONS = ['sales', 'orders', 'customers'] as const;
export type ChartOption = (typeof CHART_OPTIONS)[number];
export const CHART_TIMES = ['today', 'week', 'month', 'year'] as const;
export type ChartTime = (typeof CHART_TIMES)[number];
export const CHART_GRANULARITIES = ['hour', 'day', 'month'] as const;

export const chartParams = z.object({
  option: z.enum(CHART_OPTIONS, { error: `Option must be one of ${CHART_OPTIONS.join(', ')}` }),
});
/**
 * `time`: `today` (24 hourly points), `week` (this week, Monday first, 7 daily points), `month`
 * (this month, daily), `year` (this year, 12 monthly points). Or a `from`/`to` range instead:
 * hourly for one day, daily up to 92 days, monthly beyond. Neither: `week`.
 */
export const chartQuery = z
  .object({
    time: z.enum(CHART_TIMES, { error: `Time must be one of ${CHART_TIMES.join(', ')}` }).optional(),
    ...range,
  })
  .superRefine(checkRange)
  .superRefine((q, c) => {
    if (q.time && (q.from || q.to)) {
      c.addIssue({
        code: 'custom',
        path: ['time'],
        message: 'Send either time or a from/to range, not both',
      });
    }
    if (!q.time && (q.from || q.to) && !(q.from && q.to)) {
      c.addIssue({
        code: 'custom',
        path: [q.from ? 'to' : 'from'],
        message: 'A range needs both from and to',
      });
    }
  });

export const chartPointSchema = z.object({
  /** The bucket's start, store-local: `2026-11-26T13:00` (hour), `2026-11-26` (day), `2026-11` (month). */
  key: z.string(),
  /** A short label for the axis: `13:00`, `26 Nov`, `Nov 2026`. */
  label: z.string(),
  /** `sales`: net sales plus tax and shipping (minor units); `orders`: sales; `customers`: customers added. */
  value: z.number().int(),
});
export const chartSchema = z.object({
  option: z.enum(CHART_OPTIONS),
  time: z.enum(CHART_TIMES).nullable(),
  granularity: z.enum(CHART_GRANULARITIES),
  from: z.string(),
  to: z.string(),
  /** Every bucket of the period, in order, zero when nothing happened. */
  points: z.array(chartPointSchema),
  total: z.number().int(),
});
export type Chart = z.infer<typeof chartSchema>;

export const dashboardRoutes = defineRoutes({
  customers: {
    method: 'GET',
    path: '/dashBoard/customers',
    access: 'reports.view',
    summary: 'Top customers by money spent (net of refunds) over a range, all time by default',
    query: dashboardTopQuery,
    response: z.array(topCustomerSchema),
  },
  productSale: {
    method: 'GET',
    path: '/dashBoard/product-sale',
    access: 'reports.view',
    summary: 'Top products by revenue (net of refunds) over a range, all time by default',
    query: dashboardTopQuery,
    response: z.array(topProductSchema),
  },
  recentOrders: {
    method: 'GET',
    path: '/dashBoard/recent-orders',
    access: 'reports.view',
    summary: 'The newest orders, whatever their status',
    query: recentOrdersQuery,
    response: z.array(recentOrderSchema),
  },
  totalSales: {
    method: 'GET',
    path: '/dashBoard/total-sales',
    access: 'reports.view',
    summary: 'Total sales (net of refunds, with tax and shipping) over a range, all time by default',
    query: dashboardRangeQuery,
    response: totalSalesSchema,
  },
  todaySales: {
    method: 'GET',
    path: '/dashBoard/today-sales',
    access: 'reports.view',
    summary: "Today's sales (store-local day) beside yesterday's, with the change in percent",
    response: todaySalesSchema,
  },
  totalCustomers: {
    method: 'GET',
    path: '/dashBoard/total-customers',
    access: 'reports.view',
    summary: 'Customers of the store, those added and those buying over a range',
    query: dashboardRangeQuery,
    response: totalCustomersSchema,
  },
  totalOrder: {
    method: 'GET',
    path: '/dashBoard/total-order',
    access: 'reports.view',
    summary: 'Orders placed over a range, and how many were completed, cancelled, refunded or are open',
    query: dashboardRangeQuery,
    response: totalOrdersSchema,
  },
  filter: {
    method: 'GET',
    path: '/dashBoard/filter/:option',
    access: 'reports.view',
    summary:
      'A chart series of sales, orders or customers: today hourly, week or month daily, year monthly, or a from/to range; every point present',
    params: chartParams,
    query: chartQuery,
    response: chartSchema,
  },
});

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
  })
  .superRefine(checkRange);

export const salesByItemRowSchema = z.object({
  product_id: z.string(),
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
  /** All rows matching the filters, not only this page. */
  totals: z.object({ count: z.number().int(), amount: z.number().int() }),
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
});
