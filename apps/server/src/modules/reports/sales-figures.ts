import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import { engineOf, type Engine } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import type { StoreContext } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import type { InsertBatch } from '../../lib/insert-rows.js';
import { localDate } from '../../lib/local-dates.js';
import type { RefundedLine } from '../../lib/order-facts.js';
import { reportsRepository } from './reports.repository.js';
import type { SalesDaysTable } from './reports.tables.js';
import { acrossStores } from '../../db/store-key-check.js';
import { holdStoreZone, zoneGuardSql } from '../stores/stores.public.js';

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

/** What the figures need of an order's line. */
export interface LineForFigures {
  product_id: string;
  quantity: number;
  quantity_refunded: number;
  /** Line discount. */
  discount: number;
  /** `unit_price × quantity − discount`. */
  total: number;
  /** The line's share of the discount code. */
  order_discount: number;
  cost_price: number | null;
}

type DayDelta = Omit<SalesDaysTable, 'store_id' | 'day'>;
const ZERO: DayDelta = {
  placed: 0,
  placed_total: 0,
  cancelled: 0,
  completed: 0,
  refunded_orders: 0,
  gross: 0,
  discounts: 0,
  refunds: 0,
  tax: 0,
  shipping: 0,
  total: 0,
  units: 0,
  cost: 0,
};

const dayOf = (ctx: StoreContext, createdAt: string) => localDate(createdAt, ctx.access.store.timezone);

const DAY_NUMBERS = Object.keys(ZERO) as Array<keyof DayDelta>;

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
    const kept = l.quantity - l.quantity_refunded;
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

/** Changes one roll-up transaction takes at most. */
const CLAIM = 2000;

const isRetryable = (e: unknown) => ['40P01', '40001'].includes((e as { code?: string } | null)?.code ?? '');

/**
 * Adds the store's changes written so far to its figures (decision 0031, addendum). Every read of
 * the figures calls it first, so a figure read after a sale's answer counts that sale: the
 * figures are as exact as if each sale had added to them itself. With nothing waiting it is one
 * read of one index entry.
 */
export async function rollUpSalesFigures(db: Kysely<Database>, storeId: string): Promise<void> {
  for (let attempt = 1; ;) {
    const waiting = await db
      .selectFrom('sales_figure_changes')
      .select('id')
      .where('store_id', '=', storeId)
      .limit(1)
      .executeTakeFirst();
    if (!waiting) return;
    try {
      await db.transaction().execute((trx) => rollUpIn(trx, storeId));
    } catch (e) {
      // Two roll-ups of a store on PostgreSQL can meet on a figure row; the one ended tries again.
      if (!isRetryable(e) || ++attempt > 5) throw e;
    }
  }
}

/**
 * One round of the background roll-up (`startSalesFiguresRollUp`): the stores with changes
 * waiting, each rolled up in its own transactions. Answers the number of stores.
 */
export async function rollUpWaitingSalesFigures(db: Kysely<Database>): Promise<number> {
  // The round looks at every store's changes on purpose (every worker on Citus, decision 0049);
  // each store's roll-up then works in that store alone.
  const stores = await acrossStores(
    db.selectFrom('sales_figure_changes').select('store_id').distinct().limit(200),
  ).execute();
  for (const { store_id } of stores) await rollUpSalesFigures(db, store_id);
  return stores.length;
}

/**
 * Takes up to `CLAIM` of the store's changes (deleting them) and adds them to the figures, in the
 * caller's transaction, in the database: the changes' JSON is read by SQL, so no change crosses
 * to the server and back. On PostgreSQL the store's zone row is read `for share` first: a time-zone
 * change (which locks it `for update`, rebuilds the figures and drops the changes) then runs
 * wholly before or after this, never in between. One statement takes the changes `for update`,
 * in key order, and adds them up into the five tables (data-modifying CTEs reading the same
 * deleted rows), so two roll-ups of a store take each change once: the second waits for the first
 * and finds the changes it took gone. Figure rows are written in key order, so two roll-ups never
 * wait for each other in a circle. On SQLite the transaction is the only writer: the changes up to
 * the `CLAIM`th are added up table by table, then deleted.
 */
async function rollUpIn(trx: Transaction<Database>, storeId: string): Promise<void> {
  if (engineOf(trx as unknown as Kysely<unknown>) === 'postgres') {
    await holdStoreZone(trx, storeId);
    await trx.executeQuery(CompiledQuery.raw(rollUpText('postgres'), [storeId, CLAIM]));
    return;
  }
  const last = await trx
    .selectFrom('sales_figure_changes')
    .select('id')
    .where('store_id', '=', storeId)
    .orderBy('id')
    .limit(1)
    .offset(CLAIM - 1)
    .executeTakeFirst();
  // Past the last possible UUIDv7 when there are fewer than `CLAIM`: all of them.
  const upTo = last?.id ?? '~';
  for (const text of sqliteRollUpTexts())
    await trx.executeQuery(CompiledQuery.raw(text, [storeId, upTo, storeId]));
  await trx
    .deleteFrom('sales_figure_changes')
    .where('store_id', '=', storeId)
    .where('id', '<=', upTo)
    .execute();
}

/**
 * The five figure tables: their key columns besides the store, their number columns, and where a
 * change keeps their numbers: `d` (the day's numbers by name), `p` (per product, `[id, units,
 * revenue, cost]`) or `c` (per customer, `[id, orders, spent]`).
 */
const FIGURE_TABLES = [
  { table: 'sales_days', keys: ['day'], numbers: DAY_NUMBERS, from: 'd' },
  {
    table: 'sales_product_days',
    keys: ['day', 'product_id'],
    numbers: ['units', 'revenue', 'cost'],
    from: 'p',
  },
  { table: 'sales_products', keys: ['product_id'], numbers: ['units', 'revenue', 'cost'], from: 'p' },
  { table: 'sales_customer_days', keys: ['day', 'customer_id'], numbers: ['orders', 'spent'], from: 'c' },
  { table: 'sales_customers', keys: ['customer_id'], numbers: ['orders', 'spent'], from: 'c' },
] as const;

type FigureTable = (typeof FIGURE_TABLES)[number];

/**
 * `select store, keys…, sums…` of one figure table from the changes taken (`t`: the day's numbers
 * by name, `t.p` the products' and `t.c` the customers' JSON arrays).
 */
function sumsOf(engine: Engine, f: FigureTable, store: string): string {
  const pg = engine === 'postgres';
  const keys = f.keys.map((k) => (k === 'day' ? 't.day' : pg ? `e->>0` : `e.value ->> 0`));
  const sums =
    f.from === 'd'
      ? f.numbers.map((n) => `sum(t.${n})`)
      : f.numbers.map((_, i) => (pg ? `sum((e->>${i + 1})::bigint)` : `sum(e.value ->> ${i + 1})`));
  const each =
    f.from === 'd'
      ? ''
      : pg
        ? ` cross join lateral jsonb_array_elements(t.${f.from}) e`
        : `, json_each(t.${f.from}) e`;
  const where = pg ? '' : f.from === 'd' ? ' where true' : ` where t.${f.from} is not null`;
  return `select ${store}, ${[...keys, ...sums].join(', ')} from ${pg ? 'taken' : 'sales_figure_changes_taken'} t${each}${where} group by ${keys.join(
    ', ',
  )} order by ${keys.join(', ')}`;
}

function upsertOf(f: FigureTable, select: string): string {
  return `insert into ${f.table} (store_id, ${[...f.keys, ...f.numbers].join(', ')}) ${select}
    on conflict (store_id, ${f.keys.join(', ')}) do update set ${f.numbers
      .map((n) => `${n} = ${f.table}.${n} + excluded.${n}`)
      .join(', ')}`;
}

const rollUpTexts = new Map<string, string>();

/** PostgreSQL: one statement that takes the changes and adds them to all five tables. */
function rollUpText(engine: 'postgres'): string {
  let text = rollUpTexts.get(engine);
  if (!text) {
    const parts = FIGURE_TABLES.map((f, i) => `f${i} as (${upsertOf(f, sumsOf(engine, f, '$1'))})`);
    text = `with taken as (
      delete from sales_figure_changes where store_id = $1 and id in (
        select id from sales_figure_changes where store_id = $1 order by id limit $2 for update)
      returning day, ${DAY_NUMBERS.join(', ')}, products::jsonb as p, customers::jsonb as c),
    ${parts.join(',\n    ')}
    select count(*) as n from taken`;
    rollUpTexts.set(engine, text);
  }
  return text;
}

/**
 * SQLite: one statement per table, each over the store's changes up to the bound (`?`: the
 * store, the last change's id, the store again).
 */
function sqliteRollUpTexts(): string[] {
  return FIGURE_TABLES.map((f) => {
    const key = `sqlite ${f.table}`;
    let text = rollUpTexts.get(key);
    if (!text) {
      text = `with sales_figure_changes_taken as (
        select day, ${DAY_NUMBERS.join(', ')}, products as p, customers as c from sales_figure_changes
        where store_id = ? and id <= ?)
      ${upsertOf(f, sumsOf('sqlite', f, '?'))}`;
      rollUpTexts.set(key, text);
    }
    return text;
  });
}

/** The store's figures to read, with every change committed so far added in. */
export async function figuresOf(ctx: StoreContext): Promise<ReturnType<typeof reportsRepository>> {
  await rollUpSalesFigures(ctx.db, ctx.storeId);
  return reportsRepository(ctx.db, ctx.storeId);
}
