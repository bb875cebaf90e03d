import { z } from 'zod';
import { defineRoutes } from './common.js';
import { ORDER_STATUSES, PAYMENT_STATES } from './orders.js';
import { checkRange, limitQuery, range } from './report-range.js';

/**
 * The dashboard's calls (spec section 7). The figures are the reports' (`reports.ts`, decision
 * 0031); `reports.ts` re-exports everything here, so `@tillbook/contract/reports` keeps naming it.
 */

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
  /** The value refunded so far: a completed order with some refunded reads "Partly refunded". */
  refunded_total: z.number().int(),
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

/**
 * The money received today (store-local day), by payment type: the payments recorded with their
 * date today, whatever day their order was placed (a debt paid today is taken today). Money paid
 * back for refunds is not taken off: the refunds show on the order.
 */
export const todayTakingsSchema = z.object({
  /** The store-local date of today. */
  date: z.string(),
  /** All payments received today. */
  total: z.number().int(),
  /** One row per payment type received today, the largest first. */
  by_type: z.array(
    z.object({
      /** `cash`, `card`, `bank_transfer`, … (a payment's mode). */
      payment_type: z.string(),
      amount: z.number().int(),
      /** Payments of this type. */
      count: z.number().int(),
    }),
  ),
  currency: z.string(),
});
export type TodayTakings = z.infer<typeof todayTakingsSchema>;

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
  todayTakings: {
    method: 'GET',
    path: '/dashBoard/today-takings',
    access: 'reports.view',
    summary: 'Money received today (store-local day), in all and by payment type',
    response: todayTakingsSchema,
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
