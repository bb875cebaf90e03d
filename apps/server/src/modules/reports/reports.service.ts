import type {
  reportRangeQuery,
  ReportType,
  salesByItemExportQuery,
  SalesByItem,
  SalesByItemRow,
  salesByItemQuery,
  SalesReport,
  salesReportQuery,
  SalesSummary,
  TransactionPeriod,
  Transactions,
  transactionsExportQuery,
  transactionsFilterQuery,
  transactionsQuery,
} from '@tillbook/contract/reports';
import type { z } from 'zod';
import type { StoreContext } from '../../lib/context.js';
import { addDays, startOfLocalDay } from '../../lib/local-dates.js';
import { productIdsInCategory, productLabels } from '../products/products.public.js';
import { addUp, compared, divideRounded, percent, salesFigures } from './figures.js';
import { instantsOf, storeToday } from './dashboard.service.js';
import {
  addMonths,
  daysBetween,
  type Granularity,
  periodOf,
  periodsBetween,
  previousPeriod,
  startOfMonth,
  startOfWeek,
  startOfYear,
} from './periods.js';
import type { TransactionFilter } from './report-order-rows.js';
import {
  soldProductNames,
  transactionRows,
  transactionTotals,
  variantSales,
} from './report-orders.queries.js';
import type { DayFigures } from './reports.repository.js';
import { figuresOf } from './sales-figures.js';

/** The sales report, sales by item and sales transactions, from the sales figures (decision 0031). */

/** A report's range: `to` defaults to today, `from` to the first day of `to`'s month. */
export function reportRange(ctx: StoreContext, q: { from?: string | undefined; to?: string | undefined }) {
  const today = storeToday(ctx);
  const to = q.to ?? (q.from && q.from > today ? q.from : today);
  const from = q.from ?? startOfMonth(to);
  return { from, to };
}

export async function salesSummary(
  ctx: StoreContext,
  q: z.output<typeof reportRangeQuery>,
): Promise<SalesSummary> {
  const { from, to } = reportRange(ctx, q);
  const length = daysBetween(from, to) + 1;
  const previousTo = addDays(from, -1);
  const previousFrom = addDays(from, -length);
  const repo = await figuresOf(ctx);
  const current = salesFigures(await repo.sum(from, to));
  const previous = salesFigures(await repo.sum(previousFrom, previousTo));
  return {
    from,
    to,
    previous_from: previousFrom,
    previous_to: previousTo,
    currency: ctx.access.store.currency,
    ...compared(current, previous),
  };
}

const GRANULARITY: Record<ReportType, Granularity> = {
  daily: 'day',
  weekly: 'week',
  monthly: 'month',
  yearly: 'year',
};

export async function salesReport(
  ctx: StoreContext,
  q: z.output<typeof salesReportQuery>,
): Promise<SalesReport> {
  const g = GRANULARITY[q.type];
  const today = storeToday(ctx);
  const to = q.to ?? (q.from && q.from > today ? q.from : today);
  const from =
    q.from ??
    (g === 'day'
      ? addDays(to, -29)
      : g === 'week'
        ? addDays(startOfWeek(to), -77)
        : g === 'month'
          ? addMonths(startOfMonth(to), -11)
          : `${Number(to.slice(0, 4)) - 4}-01-01`);
  const periods = periodsBetween(from, to, g);
  const first = previousPeriod(periods[0]!, g);
  const last = periods.at(-1)!;
  const days = await (await figuresOf(ctx)).days(first.from, last.to);
  const byPeriod = new Map<string, DayFigures[]>();
  for (const d of days) {
    const key = periodOf(d.day, g).key;
    const list = byPeriod.get(key);
    if (list) list.push(d);
    else byPeriod.set(key, [d]);
  }
  const sumOf = (key: string) => addUp(byPeriod.get(key) ?? []);
  const currentTotal = addUp([]);
  const previousTotal = addUp([]);
  const rows = periods.map((p) => {
    const current = sumOf(p.key);
    const previous = sumOf(previousPeriod(p, g).key);
    addUp([current], currentTotal);
    addUp([previous], previousTotal);
    return {
      period: p.key,
      label: p.label,
      from: p.from,
      to: p.to,
      ...compared(salesFigures(current), salesFigures(previous)),
    };
  });
  return {
    type: q.type,
    from: periods[0]!.from,
    to: last.to,
    currency: ctx.access.store.currency,
    rows,
    totals: compared(salesFigures(currentTotal), salesFigures(previousTotal)),
  };
}

type ItemFilters = z.output<typeof salesByItemExportQuery>;

/** Every product matching the filters, sorted, with the totals of all of them. */
export async function salesByItemRows(ctx: StoreContext, q: ItemFilters) {
  const { from, to } = reportRange(ctx, q);
  if (q.by === 'variant') return variantRows(ctx, q, from, to);
  let figures = (await (await figuresOf(ctx)).products(from, to)).filter(
    (r) => r.units || r.revenue || r.cost,
  );
  if (q.categoryId) {
    const inCategory = await productIdsInCategory(ctx.db, ctx.storeId, q.categoryId);
    figures = figures.filter((r) => inCategory.has(r.product_id));
  }
  const ids = figures.map((r) => r.product_id);
  const labels = await productLabels(ctx.db, ctx.storeId, ids);
  const missing = ids.filter((id) => !labels.has(id));
  const sold = missing.length ? await soldProductNames(ctx.db, ctx.storeId, missing) : new Map();
  const rows: SalesByItemRow[] = figures.map((r) => {
    const p = labels.get(r.product_id);
    const margin = r.revenue - r.cost;
    return {
      product_id: r.product_id,
      variant_id: null,
      variant_name: null,
      name: p?.name ?? sold.get(r.product_id)?.name ?? 'Deleted product',
      sku: p?.sku ?? sold.get(r.product_id)?.sku ?? null,
      quantity: r.units,
      revenue: r.revenue,
      average_price: divideRounded(r.revenue, r.units),
      cost: r.cost,
      margin,
      margin_percent: percent(margin, r.revenue),
    };
  });
  return sortedWithTotals(q, rows, from, to);
}

/** Rows per variant (decision 0064), from the order lines of the range's completed orders. */
async function variantRows(ctx: StoreContext, q: ItemFilters, from: string, to: string) {
  const zone = ctx.access.store.timezone;
  const start = new Date(startOfLocalDay(from, zone)).toISOString();
  const end = new Date(startOfLocalDay(addDays(to, 1), zone)).toISOString();
  let sold = (await variantSales(ctx.db, ctx.storeId, start, end)).filter(
    (r) => r.units || r.revenue || r.cost,
  );
  if (q.categoryId) {
    const inCategory = await productIdsInCategory(ctx.db, ctx.storeId, q.categoryId);
    sold = sold.filter((r) => inCategory.has(r.product_id));
  }
  const labels = await productLabels(
    ctx.db,
    ctx.storeId,
    sold.map((r) => r.product_id),
  );
  const rows: SalesByItemRow[] = sold.map((r) => {
    const margin = r.revenue - r.cost;
    return {
      product_id: r.product_id,
      variant_id: r.variant_id,
      variant_name: r.variant_name,
      name: labels.get(r.product_id)?.name ?? r.name,
      sku: r.sku,
      quantity: r.units,
      revenue: r.revenue,
      average_price: divideRounded(r.revenue, r.units),
      cost: r.cost,
      margin,
      margin_percent: percent(margin, r.revenue),
    };
  });
  return sortedWithTotals(q, rows, from, to);
}

function sortedWithTotals(q: ItemFilters, input: SalesByItemRow[], from: string, to: string) {
  let rows = input;
  if (q.search) {
    const term = q.search.toLowerCase();
    rows = rows.filter(
      (r) => r.name.toLowerCase().includes(term) || (r.sku ?? '').toLowerCase().includes(term),
    );
  }
  const by = q.sort;
  rows.sort((a, b) => {
    const d =
      by === 'name'
        ? a.name.localeCompare(b.name)
        : by === 'quantity'
          ? b.quantity - a.quantity
          : by === 'margin'
            ? b.margin - a.margin
            : b.revenue - a.revenue;
    const ka = `${a.product_id}|${a.variant_id ?? ''}`;
    const kb = `${b.product_id}|${b.variant_id ?? ''}`;
    return d || (ka < kb ? -1 : ka > kb ? 1 : 0);
  });
  const quantity = rows.reduce((s, r) => s + r.quantity, 0);
  const revenue = rows.reduce((s, r) => s + r.revenue, 0);
  const cost = rows.reduce((s, r) => s + r.cost, 0);
  const totals = {
    quantity,
    revenue,
    average_price: divideRounded(revenue, quantity),
    cost,
    margin: revenue - cost,
    margin_percent: percent(revenue - cost, revenue),
  };
  return { from, to, rows, totals };
}

export async function salesByItem(
  ctx: StoreContext,
  q: z.output<typeof salesByItemQuery>,
): Promise<SalesByItem> {
  const all = await salesByItemRows(ctx, q);
  const start = (q.page - 1) * q.perPage;
  return {
    from: all.from,
    to: all.to,
    currency: ctx.access.store.currency,
    rows: all.rows.slice(start, start + q.perPage),
    totals: all.totals,
    pagination: {
      page: q.page,
      perPage: q.perPage,
      total: all.rows.length,
      totalPages: Math.ceil(all.rows.length / q.perPage),
    },
  };
}

/** A period preset of `sales_transactions/filter?type=` as dates, ending today. */
export function periodDates(ctx: StoreContext, type: TransactionPeriod): { from: string; to: string } {
  const today = storeToday(ctx);
  switch (type) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'week':
      return { from: startOfWeek(today), to: today };
    case 'month':
      return { from: startOfMonth(today), to: today };
    case 'year':
      return { from: startOfYear(today), to: today };
  }
}

/** The transactions filter of a query: its dates (a preset or from/to), kind and status. */
export function transactionFilter(
  ctx: StoreContext,
  q: z.output<typeof transactionsExportQuery>,
): { from: string; to: string; filter: TransactionFilter } {
  const { from, to } = q.type ? periodDates(ctx, q.type) : reportRange(ctx, q);
  const { start, end } = instantsOf(ctx, from, to);
  return { from, to, filter: { kind: q.kind, from: start, to: end, status: q.status } };
}

async function transactionsPage(
  ctx: StoreContext,
  q: z.output<typeof transactionsExportQuery> & { page: number; perPage: number },
): Promise<Transactions> {
  const { from, to, filter } = transactionFilter(ctx, q);
  // Counted from the rows, by an index range, with paid and unpaid apart (decision 0059): the
  // days' kept figures (`placed`, `placed_total`) know nothing of payments (decision 0031), so
  // they can no longer answer the totals line alone.
  const totalsOf = () => transactionTotals(ctx.db, ctx.storeId, filter);
  const [totals, rows] = await Promise.all([
    totalsOf(),
    transactionRows(ctx.db, ctx.storeId, filter, { limit: q.perPage, offset: (q.page - 1) * q.perPage }),
  ]);
  return {
    from,
    to,
    kind: filter.kind,
    currency: ctx.access.store.currency,
    rows: rows.map((r) => ({ ...r, kind: filter.kind === 'orders' ? 'order' : 'payment' })),
    totals,
    pagination: {
      page: q.page,
      perPage: q.perPage,
      total: totals.count,
      totalPages: Math.ceil(totals.count / q.perPage),
    },
  };
}

export const transactions = (ctx: StoreContext, q: z.output<typeof transactionsQuery>) =>
  transactionsPage(ctx, { ...q, kind: 'orders' });

export const filteredTransactions = (ctx: StoreContext, q: z.output<typeof transactionsFilterQuery>) =>
  transactionsPage(ctx, q);
