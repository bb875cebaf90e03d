import type {
  Chart,
  ChartOption,
  chartQuery,
  dashboardRangeQuery,
  dashboardTopQuery,
  RecentOrder,
  TodaySales,
  TodayTakings,
  TopCustomer,
  TopProduct,
  TotalCustomers,
  TotalOrders,
  TotalSales,
} from '@tillbook/contract/reports';
import type { z } from 'zod';
import type { StoreContext } from '../../lib/context.js';
import { addDays, localDate, startOfLocalDay, startOfLocalHour } from '../../lib/local-dates.js';
import { countCustomers, customerLabels, customersAddedBetween } from '../customers/customers.public.js';
import { productLabels } from '../products/products.public.js';
import { addUp, percent, salesFigures } from './figures.js';
import {
  dayLabel,
  daysBetween,
  endOfMonth,
  monthLabel,
  periodsBetween,
  startOfMonth,
  startOfWeek,
  startOfYear,
} from './periods.js';
import {
  ordersPlacedBetween,
  paymentsByMode,
  recentOrders as readRecentOrders,
  soldProductNames,
} from './report-orders.queries.js';
import { figuresOf } from './sales-figures.js';

/** The dashboard's cards, lists and chart, from the sales figures (decision 0031). */

type Range = z.output<typeof dashboardRangeQuery>;

export const storeToday = (ctx: StoreContext) => localDate(ctx.now.getTime(), ctx.access.store.timezone);

/** A store-local date range as instants: from its first instant to the first of the day after. */
export function instantsOf(ctx: StoreContext, from: string, to: string): { start: string; end: string } {
  const zone = ctx.access.store.timezone;
  return {
    start: new Date(startOfLocalDay(from, zone)).toISOString(),
    end: new Date(startOfLocalDay(addDays(to, 1), zone)).toISOString(),
  };
}

export async function topCustomers(
  ctx: StoreContext,
  q: z.output<typeof dashboardTopQuery>,
): Promise<TopCustomer[]> {
  const rows = await (await figuresOf(ctx)).topCustomers(q.from ?? null, q.to ?? null, q.limit);
  const labels = await customerLabels(
    ctx.db,
    ctx.storeId,
    rows.map((r) => r.customer_id),
  );
  return rows.map((r) => {
    const c = labels.get(r.customer_id);
    return {
      customer_id: r.customer_id,
      name: c?.name ?? 'Deleted customer',
      email: c?.email_address ?? null,
      phone_number: c?.phone_number ?? null,
      orders: r.orders,
      spent: r.spent,
    };
  });
}

export async function topProducts(
  ctx: StoreContext,
  q: z.output<typeof dashboardTopQuery>,
): Promise<TopProduct[]> {
  const rows = await (
    await figuresOf(ctx)
  ).products(q.from ?? null, q.to ?? null, {
    by: 'revenue',
    limit: q.limit,
  });
  const ids = rows.map((r) => r.product_id);
  const labels = await productLabels(ctx.db, ctx.storeId, ids);
  const missing = ids.filter((id) => !labels.has(id));
  const sold = missing.length ? await soldProductNames(ctx.db, ctx.storeId, missing) : new Map();
  return rows.map((r) => {
    const p = labels.get(r.product_id);
    return {
      product_id: r.product_id,
      name: p?.name ?? sold.get(r.product_id)?.name ?? 'Deleted product',
      image: p?.image ?? null,
      units: r.units,
      revenue: r.revenue,
    };
  });
}

export async function recentOrders(ctx: StoreContext, limit: number): Promise<RecentOrder[]> {
  const rows = await readRecentOrders(ctx.db, ctx.storeId, limit);
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    created_at: r.created_at,
    customer_name: r.customer_name,
    product: `${r.first_item ?? ''}${r.lines > 1 ? ` +${r.lines - 1} more` : ''}`,
    quantity: r.units,
    amount: r.total,
    status: r.status,
    payment_state: r.payment_state,
    refunded_total: r.refunded_total,
  }));
}

export async function totalSales(ctx: StoreContext, q: Range): Promise<TotalSales> {
  const sum = await (await figuresOf(ctx)).sum(q.from ?? null, q.to ?? null);
  const f = salesFigures(sum);
  return {
    from: q.from ?? null,
    to: q.to ?? null,
    total_sales: f.total_sales,
    net_sales: f.net_sales,
    orders: f.orders,
    currency: ctx.access.store.currency,
  };
}

export async function todaySales(ctx: StoreContext): Promise<TodaySales> {
  const today = storeToday(ctx);
  const yesterday = addDays(today, -1);
  const days = await (await figuresOf(ctx)).days(yesterday, today);
  const of = (day: string) => salesFigures(addUp(days.filter((d) => d.day === day)));
  const t = of(today);
  const y = of(yesterday);
  return {
    date: today,
    today: t.total_sales,
    yesterday: y.total_sales,
    today_orders: t.orders,
    yesterday_orders: y.orders,
    change_percent: y.total_sales ? percent(t.total_sales - y.total_sales, Math.abs(y.total_sales)) : null,
    currency: ctx.access.store.currency,
  };
}

/**
 * Today's takings by payment type (`/dashBoard/today-takings`): the payments dated today, read by
 * their index range (`payments_received (store_id, payment_date, id)`). Payments change no sales
 * figure (decision 0031), so they are read from the payments, not the kept figures.
 */
export async function todayTakings(ctx: StoreContext): Promise<TodayTakings> {
  const today = storeToday(ctx);
  const { start, end } = instantsOf(ctx, today, today);
  const byType = await paymentsByMode(ctx.db, ctx.storeId, start, end);
  return {
    date: today,
    total: byType.reduce((sum, t) => sum + t.amount, 0),
    by_type: byType,
    currency: ctx.access.store.currency,
  };
}

export async function totalCustomers(ctx: StoreContext, q: Range): Promise<TotalCustomers> {
  const zone = ctx.access.store.timezone;
  const start = q.from ? new Date(startOfLocalDay(q.from, zone)).toISOString() : null;
  const end = q.to ? new Date(startOfLocalDay(addDays(q.to, 1), zone)).toISOString() : null;
  const [counts, buying] = await Promise.all([
    countCustomers(ctx.db, ctx.storeId, start, end),
    figuresOf(ctx).then((f) => f.buyingCustomers(q.from ?? null, q.to ?? null)),
  ]);
  return { from: q.from ?? null, to: q.to ?? null, total: counts.total, new: counts.added, buying };
}

export async function totalOrders(ctx: StoreContext, q: Range): Promise<TotalOrders> {
  const sum = await (await figuresOf(ctx)).sum(q.from ?? null, q.to ?? null);
  return {
    from: q.from ?? null,
    to: q.to ?? null,
    placed: sum.placed,
    completed: sum.completed,
    cancelled: sum.cancelled,
    refunded: sum.refunded_orders,
    open: sum.placed - sum.completed - sum.cancelled,
  };
}

/** Counts sorted instants into buckets whose starts are `bounds[i]` (the last bound ends the last). */
function bucketCounts(
  times: readonly string[],
  bounds: readonly string[],
  weight: (i: number) => number = () => 1,
): number[] {
  const out = new Array<number>(bounds.length - 1).fill(0);
  let b = 0;
  times.forEach((t, i) => {
    while (b < out.length && t >= bounds[b + 1]!) b++;
    if (b < out.length && t >= bounds[0]!) out[b]! += weight(i);
  });
  return out;
}

export async function chart(
  ctx: StoreContext,
  option: ChartOption,
  q: z.output<typeof chartQuery>,
): Promise<Chart> {
  const zone = ctx.access.store.timezone;
  const today = storeToday(ctx);
  let time = q.time ?? null;
  let from: string;
  let to: string;
  let granularity: Chart['granularity'];
  if (!time && q.from && q.to) {
    from = q.from;
    to = q.to;
    const days = daysBetween(from, to) + 1;
    granularity = days === 1 ? 'hour' : days <= 92 ? 'day' : 'month';
  } else {
    time ??= 'week';
    granularity = time === 'today' ? 'hour' : time === 'year' ? 'month' : 'day';
    from =
      time === 'today'
        ? today
        : time === 'week'
          ? startOfWeek(today)
          : time === 'month'
            ? startOfMonth(today)
            : startOfYear(today);
    to =
      time === 'today'
        ? today
        : time === 'week'
          ? addDays(from, 6)
          : time === 'month'
            ? endOfMonth(today)
            : `${today.slice(0, 4)}-12-31`;
  }

  // The buckets: keys, labels and their first instants (the last bound ends the last bucket).
  let buckets: Array<{ key: string; label: string; from: string }>;
  if (granularity === 'hour') {
    buckets = Array.from({ length: 24 }, (_, h) => {
      const hh = String(h).padStart(2, '0');
      return { key: `${from}T${hh}:00`, label: `${hh}:00`, from };
    });
  } else if (granularity === 'day') {
    buckets = periodsBetween(from, to, 'day').map((p) => ({
      key: p.key,
      label: dayLabel(p.from),
      from: p.from,
    }));
  } else {
    buckets = periodsBetween(from, to, 'month').map((p) => ({
      key: p.key,
      label: monthLabel(p.from),
      from: p.from < from ? from : p.from,
    }));
  }
  const bounds =
    granularity === 'hour'
      ? [
          ...buckets.map((_, h) => new Date(startOfLocalHour(from, h, zone)).toISOString()),
          new Date(startOfLocalDay(addDays(from, 1), zone)).toISOString(),
        ]
      : [
          ...buckets.map((b) => new Date(startOfLocalDay(b.from, zone)).toISOString()),
          new Date(startOfLocalDay(addDays(to, 1), zone)).toISOString(),
        ];

  let values: number[];
  if (option === 'customers') {
    values = bucketCounts(
      await customersAddedBetween(ctx.db, ctx.storeId, bounds[0]!, bounds.at(-1)!),
      bounds,
    );
  } else if (granularity === 'hour') {
    const sales = (await ordersPlacedBetween(ctx.db, ctx.storeId, bounds[0]!, bounds.at(-1)!)).filter(
      (o) => o.status === 'success' || o.status === 'refunded',
    );
    values = bucketCounts(
      sales.map((o) => o.created_at),
      bounds,
      option === 'sales' ? (i) => sales[i]!.total - sales[i]!.refunded_total : () => 1,
    );
  } else {
    const days = await (await figuresOf(ctx)).days(from, to);
    const index = new Map(buckets.map((b, i) => [b.key, i]));
    values = new Array<number>(buckets.length).fill(0);
    for (const d of days) {
      const i = index.get(granularity === 'day' ? d.day : d.day.slice(0, 7));
      if (i === undefined) continue;
      values[i]! += option === 'sales' ? d.total - d.refunds : d.completed;
    }
  }
  const points = buckets.map((b, i) => ({ key: b.key, label: b.label, value: values[i]! }));
  return {
    option,
    time,
    granularity,
    from,
    to,
    points,
    total: values.reduce((s, v) => s + v, 0),
  };
}
