import type { StoreContext } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import type { InsertBatch } from '../../lib/insert-rows.js';
import { localDate } from '../../lib/local-dates.js';
import type { RefundedLine, SoldLine } from '../../lib/order-facts.js';
import { DAY_NUMBERS, type DayDelta } from './figure-numbers.js';

export { figuresOf, rollUpSalesFigures, rollUpWaitingSalesFigures } from './figure-rollup.js';
import { zoneGuardSql } from '../stores/stores.public.js';

/**
 * Keeping the sales figures (decision 0031): every fact of an order that moves a figure reaches
 * `order-figures.ts` in the transaction of that change (decision 0053); what it adds to the figures of the
 * order's day (the store-local day it was placed on) is written as one change row in the same
 * batch (no extra round trip on PostgreSQL, decision 0010), and added to the figures after the
 * commit by `rollUpSalesFigures`, which every read of the figures runs first (addendum "Changes
 * rolled up after the commit"). Figure rows are upserts that add, so the order in which changes
 * are rolled up never matters.
 */

/** What the figures need of an order. */
export interface OrderForFigures {
  created_at: string;
  customer_id: string | null;
  subtotal: number;
  discount: number;
  tax: number;
  shipping: number;
  total: number;
  refunded_total: number;
}

/** What the figures need of an order's line: the line as it was sold (`lib/order-facts.ts`). */
export type LineForFigures = SoldLine;

const dayOf = (ctx: StoreContext, createdAt: string) => localDate(createdAt, ctx.access.store.timezone);

/**
 * What one change adds to the figures of its day: the day's numbers (those not zero), per product
 * `[id, units, revenue, cost]` and per customer `[id, orders, spent]`. The all-time totals get the
 * same per product and customer. Kept in `sales_figure_changes` until it is rolled up: the day's
 * numbers in columns, the products' and customers' as JSON arrays. A product may come twice (two
 * lines of it): the roll-up adds up by product.
 */
interface FigureChange {
  d: Partial<DayDelta>;
  p?: Array<[string, number, number, number]>;
  c?: Array<[string, number, number]>;
}

/** What a completed order adds: everything it is worth now (it has no refunds yet). */
function completionChange(order: OrderForFigures, lines: readonly LineForFigures[]): FigureChange {
  let lineDiscounts = 0;
  let units = 0;
  let cost = 0;
  const p = lines.map((l): [string, number, number, number] => {
    const kept = (l.quantity - l.quantity_refunded) * (l.pack_factor ?? 1);
    const lineCost = (l.cost_price ?? 0) * kept;
    lineDiscounts += l.discount;
    units += kept;
    cost += lineCost;
    return [l.product_id, kept, l.total - l.order_discount, lineCost];
  });
  const change: FigureChange = {
    d: {
      completed: 1,
      gross: order.subtotal + lineDiscounts,
      discounts: order.discount + lineDiscounts,
      refunds: order.refunded_total,
      tax: order.tax,
      shipping: order.shipping,
      total: order.total,
      units,
      cost,
    },
    p,
  };
  if (order.customer_id) change.c = [[order.customer_id, 1, order.total - order.refunded_total]];
  return change;
}

/**
 * The change, as a row of `sales_figure_changes` in the caller's batch (decision 0031, addendum
 * "Changes rolled up after the commit"): one insert on the sale's path instead of an upsert of
 * every figure row it moves; `rollUpSalesFigures` adds it to the figures after the commit.
 *
 * The row is written only while the store's time zone is still the one its day was worked out
 * in (`ctx`'s, read when the request began). A new time zone rebuilds the store's figures and
 * drops its changes in the transaction that sets it, after locking the store row
 * (`store-timezone.service.ts`). Here the store's zone row (`store_zones`, kept by the stores
 * module beside the store's data) is read with `for share` (PostgreSQL), which waits for that
 * transaction and then reads the row as it committed; SQLite runs one writer at a time, so its
 * read is current. When the zone changed, the row names no store (`time zone changed`), its
 * foreign key fails and the whole change rolls back with a 409, to be tried again: no change
 * dated in the old zone outlives the rebuild. The guard is not the `stores` row itself: on Citus
 * that row is on every node and locking it locks the table's one shard everywhere, which sales of
 * different stores then waited on in a circle (decision 0049, "The zone guard").
 */
function addChange(batch: InsertBatch, ctx: StoreContext, day: string, change: FigureChange): InsertBatch {
  const d = change.d;
  // One literal in `DAY_NUMBERS` order (the statement's column order): every sale makes one, and
  // an object built key by key in a loop is slower to make and to read back at the flush.
  const record = {
    store_id: ctx.storeId,
    zone: ctx.access.store.timezone,
    id: newId(),
    day,
    placed: d.placed ?? 0,
    placed_total: d.placed_total ?? 0,
    cancelled: d.cancelled ?? 0,
    completed: d.completed ?? 0,
    refunded_orders: d.refunded_orders ?? 0,
    gross: d.gross ?? 0,
    discounts: d.discounts ?? 0,
    refunds: d.refunds ?? 0,
    tax: d.tax ?? 0,
    shipping: d.shipping ?? 0,
    total: d.total ?? 0,
    units: d.units ?? 0,
    cost: d.cost ?? 0,
    products: change.p?.length ? JSON.stringify(change.p) : null,
    customers: change.c?.length ? JSON.stringify(change.c) : null,
  } satisfies Record<'store_id' | 'zone' | 'id' | 'day' | keyof DayDelta | 'products' | 'customers', unknown>;
  return batch.addSelect(
    'sales_figure_changes',
    'sales_figure_changes:zone-guarded',
    [record],
    (values, postgres) => {
      const number = (v: string) => (postgres ? `${v}::bigint` : v);
      const selects = values.map((v) => {
        const [store, zone, id, d] = v;
        const numbers = v.slice(4, 4 + DAY_NUMBERS.length).map(number);
        const [products, customers] = v.slice(4 + DAY_NUMBERS.length);
        return `select coalesce((${zoneGuardSql(store!, zone!, postgres)}), 'time zone changed'), ${[
          id,
          d,
          ...numbers,
          products,
          customers,
        ].join(', ')}`;
      });
      return `insert into sales_figure_changes (store_id, id, day, ${DAY_NUMBERS.join(
        ', ',
      )}, products, customers) ${selects.join(' union all ')}`;
    },
  );
}

/**
 * A new order, into the sale's batch: one more order placed that day, and the whole sale when it
 * is complete at once (paid in full at the till).
 */
export function addPlacedOrder(
  batch: InsertBatch,
  ctx: StoreContext,
  order: OrderForFigures & { status: string },
  lines: readonly LineForFigures[],
): void {
  const change: FigureChange = order.status === 'success' ? completionChange(order, lines) : { d: {} };
  change.d.placed = 1;
  change.d.placed_total = order.total;
  addChange(batch, ctx, dayOf(ctx, order.created_at), change);
}

/** An order moved to `success`: it becomes a sale of the day it was placed. */
export function addCompletion(
  batch: InsertBatch,
  ctx: StoreContext,
  order: OrderForFigures,
  lines: readonly LineForFigures[],
): void {
  addChange(batch, ctx, dayOf(ctx, order.created_at), completionChange(order, lines));
}

/** An open order cancelled: counted as cancelled on the day it was placed (it was never a sale). */
export function addCancellation(
  batch: InsertBatch,
  ctx: StoreContext,
  order: Pick<OrderForFigures, 'created_at'>,
): void {
  addChange(batch, ctx, dayOf(ctx, order.created_at), { d: { cancelled: 1 } });
}

/**
 * A refund of a sale: its value, units, revenue and cost leave the figures of the day of the sale
 * (not the day of the refund), so a day's figures always describe the orders placed that day.
 */
export function addRefund(
  batch: InsertBatch,
  ctx: StoreContext,
  order: Pick<OrderForFigures, 'created_at' | 'customer_id'>,
  refund: { value: number; full: boolean; lines: readonly RefundedLine[] },
): void {
  let units = 0;
  let cost = 0;
  const p = refund.lines.map((l): [string, number, number, number] => {
    const lineCost = (l.cost_price ?? 0) * l.units;
    units += l.units;
    cost += lineCost;
    return [l.product_id, -l.units, -l.revenue, -lineCost];
  });
  const change: FigureChange = {
    d: { refunds: refund.value, refunded_orders: refund.full ? 1 : 0, units: -units, cost: -cost },
    p,
  };
  if (order.customer_id) change.c = [[order.customer_id, 0, -refund.value]];
  addChange(batch, ctx, dayOf(ctx, order.created_at), change);
}
