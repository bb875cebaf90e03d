import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { engineOf } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import type { StoreContext } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { InsertBatch } from '../../lib/insert-rows.js';
import { localDate } from '../../lib/local-dates.js';
import { reportsRepository } from './reports.repository.js';
import type {
  SalesCustomerDaysTable,
  SalesCustomersTable,
  SalesDaysTable,
  SalesProductDaysTable,
  SalesProductsTable,
} from './reports.tables.js';

/**
 * Keeping the sales figures (decision 0031): the orders module reports every change of an order
 * that moves a figure, in the transaction of that change; what it adds to the figures of the
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

/** Units, revenue and cost that leave a product's figures with a refund. */
export interface RefundedLine {
  product_id: string;
  units: number;
  /** The refunded units' share of the line's total after discounts (tax not added). */
  revenue: number;
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
const PRODUCT_KEYS = ['store_id', 'day', 'product_id'] as const;
const CUSTOMER_KEYS = ['store_id', 'day', 'customer_id'] as const;
const TOTAL_PRODUCT_KEYS = ['store_id', 'product_id'] as const;
const TOTAL_CUSTOMER_KEYS = ['store_id', 'customer_id'] as const;

const dayOf = (ctx: StoreContext, createdAt: string) => localDate(createdAt, ctx.access.store.timezone);

function dayRow(ctx: StoreContext, day: string, delta: Partial<DayDelta>): SalesDaysTable {
  return { store_id: ctx.storeId, day, ...ZERO, ...delta };
}

/** Per product, lines of one product added together (PostgreSQL updates a row once a statement). */
function productRows(
  ctx: StoreContext,
  day: string,
  lines: Array<{ product_id: string; units: number; revenue: number; cost: number }>,
): SalesProductDaysTable[] {
  const by = new Map<string, SalesProductDaysTable>();
  for (const l of lines) {
    const row = by.get(l.product_id);
    if (row) {
      row.units += l.units;
      row.revenue += l.revenue;
      row.cost += l.cost;
    } else {
      by.set(l.product_id, {
        store_id: ctx.storeId,
        day,
        product_id: l.product_id,
        units: l.units,
        revenue: l.revenue,
        cost: l.cost,
      });
    }
  }
  return [...by.values()];
}

/** What a completed order adds: everything it is worth now (it has no refunds yet). */
function completionRows(ctx: StoreContext, order: OrderForFigures, lines: readonly LineForFigures[]) {
  const day = dayOf(ctx, order.created_at);
  let lineDiscounts = 0;
  let units = 0;
  let cost = 0;
  const products = lines.map((l) => {
    const kept = Number(l.quantity) - Number(l.quantity_refunded);
    const lineCost = Number(l.cost_price ?? 0) * kept;
    lineDiscounts += Number(l.discount);
    units += kept;
    cost += lineCost;
    return {
      product_id: l.product_id,
      units: kept,
      revenue: Number(l.total) - Number(l.order_discount),
      cost: lineCost,
    };
  });
  const days = dayRow(ctx, day, {
    completed: 1,
    gross: Number(order.subtotal) + lineDiscounts,
    discounts: Number(order.discount) + lineDiscounts,
    refunds: Number(order.refunded_total),
    tax: Number(order.tax),
    shipping: Number(order.shipping),
    total: Number(order.total),
    units,
    cost,
  });
  const customers: SalesCustomerDaysTable[] = order.customer_id
    ? [
        {
          store_id: ctx.storeId,
          day,
          customer_id: order.customer_id,
          orders: 1,
          spent: Number(order.total) - Number(order.refunded_total),
        },
      ]
    : [];
  return { day, days, products: productRows(ctx, day, products), customers };
}

const DAY_NUMBERS = Object.keys(ZERO) as Array<keyof DayDelta>;

/**
 * What one change adds to the figures of its day, as kept in `sales_figure_changes.changes`
 * until it is rolled up: the day's numbers (those not zero), per product `[id, units, revenue,
 * cost]` and per customer `[id, orders, spent]`. The all-time totals get the same per product
 * and customer.
 */
interface FigureChange {
  d: Partial<DayDelta>;
  p?: Array<[string, number, number, number]>;
  c?: Array<[string, number, number]>;
}

function changeOf(
  days: SalesDaysTable,
  products: readonly SalesProductDaysTable[],
  customers: readonly SalesCustomerDaysTable[],
): FigureChange {
  const d: Partial<DayDelta> = {};
  for (const c of DAY_NUMBERS) if (days[c]) d[c] = days[c];
  const change: FigureChange = { d };
  if (products.length) change.p = products.map((r) => [r.product_id, r.units, r.revenue, r.cost]);
  if (customers.length) change.c = customers.map((r) => [r.customer_id, r.orders, r.spent]);
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
 * (`store-timezone.service.ts`). Here the store row is read with `for key share` (PostgreSQL),
 * which waits for that transaction and then reads the row as it committed; SQLite runs one
 * writer at a time, so its read is current. When the zone changed, the row names no store
 * (`time zone changed`), its foreign key fails and the whole change rolls back with a 409, to be
 * tried again: no change dated in the old zone outlives the rebuild. The sale's order row
 * already takes the same lock through its own foreign key, so this adds a read of one row by its
 * key, not a lock or a write.
 */
function addChange(batch: InsertBatch, ctx: StoreContext, day: string, change: FigureChange): InsertBatch {
  const record = {
    store_id: ctx.storeId,
    zone: ctx.access.store.timezone,
    id: newId(),
    day,
    changes: JSON.stringify(change),
  };
  return batch.addSelect('sales_figure_changes', 'sales_figure_changes:zone-guarded', [record], (values, postgres) => {
    const selects = values.map(
      ([store, zone, id, d, changes]) =>
        `select coalesce((select s.id from stores s where s.id = ${store} and s.timezone = ${zone}${
          postgres ? ' for key share' : ''
        }), 'time zone changed'), ${id}, ${d}, ${changes}`,
    );
    return `insert into sales_figure_changes (store_id, id, day, changes) ${selects.join(' union all ')}`;
  });
}

function addRows(
  batch: InsertBatch,
  ctx: StoreContext,
  rows: { day: string; days: SalesDaysTable; products: SalesProductDaysTable[]; customers: SalesCustomerDaysTable[] },
): InsertBatch {
  return addChange(batch, ctx, rows.day, changeOf(rows.days, rows.products, rows.customers));
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
  if (order.status === 'success') {
    const rows = completionRows(ctx, order, lines);
    rows.days.placed = 1;
    rows.days.placed_total = Number(order.total);
    addRows(batch, ctx, rows);
  } else {
    const day = dayOf(ctx, order.created_at);
    addChange(batch, ctx, day, { d: { placed: 1, placed_total: Number(order.total) } });
  }
}

/** An order moved to `success`: it becomes a sale of the day it was placed. */
export async function recordCompletion(
  trx: Transaction<Database>,
  ctx: StoreContext,
  order: OrderForFigures,
  lines: readonly LineForFigures[],
): Promise<void> {
  await addRows(new InsertBatch(), ctx, completionRows(ctx, order, lines)).flush(trx);
}

/** An open order cancelled: counted as cancelled on the day it was placed (it was never a sale). */
export async function recordCancellation(
  trx: Transaction<Database>,
  ctx: StoreContext,
  order: Pick<OrderForFigures, 'created_at'>,
): Promise<void> {
  await addChange(new InsertBatch(), ctx, dayOf(ctx, order.created_at), { d: { cancelled: 1 } }).flush(trx);
}

/**
 * A refund of a sale: its value, units, revenue and cost leave the figures of the day of the sale
 * (not the day of the refund), so a day's figures always describe the orders placed that day.
 */
export async function recordRefund(
  trx: Transaction<Database>,
  ctx: StoreContext,
  order: Pick<OrderForFigures, 'created_at' | 'customer_id'>,
  refund: { value: number; full: boolean; lines: readonly RefundedLine[] },
): Promise<void> {
  const day = dayOf(ctx, order.created_at);
  let units = 0;
  let cost = 0;
  const products = refund.lines.map((l) => {
    const lineCost = Number(l.cost_price ?? 0) * l.units;
    units += l.units;
    cost += lineCost;
    return { product_id: l.product_id, units: -l.units, revenue: -l.revenue, cost: -lineCost };
  });
  const days = dayRow(ctx, day, {
    refunds: refund.value,
    refunded_orders: refund.full ? 1 : 0,
    units: -units,
    cost: -cost,
  });
  const customers: SalesCustomerDaysTable[] = order.customer_id
    ? [{ store_id: ctx.storeId, day, customer_id: order.customer_id, orders: 0, spent: -refund.value }]
    : [];
  await addRows(new InsertBatch(), ctx, { day, days, products: productRows(ctx, day, products), customers }).flush(
    trx,
  );
}

/** Changes one roll-up transaction takes at most. */
const CLAIM = 2000;
/** Rows a statement of the roll-up writes at most (well under either engine's parameter limit). */
const ROWS_PER_STATEMENT = 500;

const isRetryable = (e: unknown) => ['40P01', '40001'].includes((e as { code?: string } | null)?.code ?? '');

/**
 * Adds the store's changes written so far to its figures (decision 0031, addendum). Every read of
 * the figures calls it first, so a figure read after a sale's answer counts that sale: the
 * figures are as exact as if each sale had added to them itself. With nothing waiting it is one
 * read of one index entry.
 */
export async function rollUpSalesFigures(db: Kysely<Database>, storeId: string): Promise<void> {
  for (let attempt = 1; ; ) {
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
  const stores = await db
    .selectFrom('sales_figure_changes')
    .select('store_id')
    .distinct()
    .limit(200)
    .execute();
  for (const { store_id } of stores) await rollUpSalesFigures(db, store_id);
  return stores.length;
}

/**
 * Takes up to `CLAIM` of the store's changes (deleting them) and adds them to the figures, in the
 * caller's transaction. On PostgreSQL the store row is read `for share` first: a time-zone change
 * (which locks it `for update`, rebuilds the figures and drops the changes) then runs wholly
 * before or after this, never in between; the changes are taken `for update`, in key order, so
 * two roll-ups of a store take each change once: the second waits for the first and finds the
 * changes it took gone. Figure rows are written in key order, so two roll-ups never wait for each
 * other in a circle. On SQLite the transaction is the only writer.
 */
async function rollUpIn(trx: Transaction<Database>, storeId: string): Promise<void> {
  const postgres = engineOf(trx as unknown as Kysely<unknown>) === 'postgres';
  if (postgres) await sql`select id from stores where id = ${storeId} for share`.execute(trx);
  const taken = await sql<{ day: string; changes: string }>`delete from sales_figure_changes
    where store_id = ${storeId} and id in (
      select id from sales_figure_changes where store_id = ${storeId} order by id limit ${CLAIM}${
        postgres ? sql` for update` : sql``
      })
    returning day, changes`.execute(trx);
  if (!taken.rows.length) return;

  const days = new Map<string, SalesDaysTable>();
  const productDays = new Map<string, SalesProductDaysTable>();
  const products = new Map<string, SalesProductsTable>();
  const customerDays = new Map<string, SalesCustomerDaysTable>();
  const customers = new Map<string, SalesCustomersTable>();
  for (const { day, changes } of taken.rows) {
    const change = JSON.parse(changes) as FigureChange;
    let row = days.get(day);
    if (!row) days.set(day, (row = { store_id: storeId, day, ...ZERO }));
    for (const c of DAY_NUMBERS) row[c] += change.d[c] ?? 0;
    for (const [product_id, units, revenue, cost] of change.p ?? []) {
      const key = `${day}\u0000${product_id}`;
      const pd = productDays.get(key);
      if (pd) {
        pd.units += units;
        pd.revenue += revenue;
        pd.cost += cost;
      } else productDays.set(key, { store_id: storeId, day, product_id, units, revenue, cost });
      const total = products.get(product_id);
      if (total) {
        total.units += units;
        total.revenue += revenue;
        total.cost += cost;
      } else products.set(product_id, { store_id: storeId, product_id, units, revenue, cost });
    }
    for (const [customer_id, orders, spent] of change.c ?? []) {
      const key = `${day}\u0000${customer_id}`;
      const cd = customerDays.get(key);
      if (cd) {
        cd.orders += orders;
        cd.spent += spent;
      } else customerDays.set(key, { store_id: storeId, day, customer_id, orders, spent });
      const total = customers.get(customer_id);
      if (total) {
        total.orders += orders;
        total.spent += spent;
      } else customers.set(customer_id, { store_id: storeId, customer_id, orders, spent });
    }
  }
  await addUp(trx, 'sales_days', sorted(days), DAY_KEYS);
  await addUp(trx, 'sales_product_days', sorted(productDays), PRODUCT_KEYS);
  await addUp(trx, 'sales_products', sorted(products), TOTAL_PRODUCT_KEYS);
  await addUp(trx, 'sales_customer_days', sorted(customerDays), CUSTOMER_KEYS);
  await addUp(trx, 'sales_customers', sorted(customers), TOTAL_CUSTOMER_KEYS);
}

const DAY_KEYS = ['store_id', 'day'] as const;

function sorted<T>(rows: Map<string, T>): T[] {
  return [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
}

/** `insert … on conflict (keys) do update set c = c + excluded.c` for every other column. */
async function addUp<T extends FigureTable>(
  trx: Transaction<Database>,
  table: T,
  rows: ReadonlyArray<Insertable<Database[T]>>,
  keys: readonly string[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const part = rows.slice(i, i + ROWS_PER_STATEMENT) as ReadonlyArray<Record<string, unknown>>;
    const added = Object.keys(part[0]!).filter((c) => !keys.includes(c));
    await trx
      .insertInto(table)
      .values(part as never)
      .onConflict((oc) =>
        oc.columns(keys as never).doUpdateSet(
          Object.fromEntries(
            added.map((c) => [c, sql`${sql.ref(`${table}.${c}`)} + ${sql.ref(`excluded.${c}`)}`]),
          ) as never,
        ),
      )
      .execute();
  }
}

type FigureTable = 'sales_days' | 'sales_product_days' | 'sales_products' | 'sales_customer_days' | 'sales_customers';

/** The store's figures to read, with every change committed so far added in. */
export async function figuresOf(ctx: StoreContext): Promise<ReturnType<typeof reportsRepository>> {
  await rollUpSalesFigures(ctx.db, ctx.storeId);
  return reportsRepository(ctx.db, ctx.storeId);
}
