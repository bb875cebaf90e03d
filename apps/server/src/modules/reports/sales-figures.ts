import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { StoreContext } from '../../lib/context.js';
import { InsertBatch } from '../../lib/insert-rows.js';
import { localDate } from '../../lib/local-dates.js';
import type { SalesCustomerDaysTable, SalesDaysTable, SalesProductDaysTable } from './reports.tables.js';

/**
 * Keeping the sales figures (decision 0031): the orders module reports every change of an order
 * that moves a figure, in the transaction of that change, and the figures of the order's day
 * (the store-local day it was placed on) are added to. Rows are upserts that add (`addTo`), so
 * concurrent sales of one day never overwrite each other, and a sale's rows join its batch: no
 * extra round trip on PostgreSQL (decision 0010).
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
 * The day's row, added to only while the store's time zone is still the one the day was worked
 * out in (`ctx`'s, read when the request began). A new time zone rebuilds the store's figures in
 * the transaction that sets it, after locking the store row (`store-timezone.service.ts`). Here
 * the store row is read with `for key share` (PostgreSQL), which waits for that transaction and
 * then reads the row as it committed; SQLite runs one writer at a time, so its read is current.
 * When the zone changed, the row names no store (`time zone changed`), its foreign key fails and
 * the whole change rolls back with a 409, to be tried again: no figure lands on a day of the old
 * zone after the rebuild. The sale's order row already takes the same lock through its own
 * foreign key, so this adds a read of one row by its key, not a lock or a write.
 */
function addDay(batch: InsertBatch, ctx: StoreContext, row: SalesDaysTable): InsertBatch {
  const record: Record<string, unknown> = {
    store_id: row.store_id,
    zone: ctx.access.store.timezone,
    day: row.day,
  };
  for (const c of DAY_NUMBERS) record[c] = row[c];
  return batch.addSelect('sales_days', 'sales_days:zone-guarded', [record], (values, postgres) => {
    const number = (v: string) => (postgres ? `${v}::bigint` : v);
    const selects = values.map(
      ([store, zone, day, ...numbers]) =>
        `select coalesce((select s.id from stores s where s.id = ${store} and s.timezone = ${zone}${
          postgres ? ' for key share' : ''
        }), 'time zone changed'), ${day}, ${numbers.map(number).join(', ')}`,
    );
    return `insert into sales_days (store_id, day, ${DAY_NUMBERS.join(', ')}) select * from (${selects.join(
      ' union all ',
    )}) as r where true on conflict (store_id, day) do update set ${DAY_NUMBERS.map(
      (c) => `${c} = sales_days.${c} + excluded.${c}`,
    ).join(', ')}`;
  });
}

function addRows(
  batch: InsertBatch,
  ctx: StoreContext,
  rows: { days: SalesDaysTable; products: SalesProductDaysTable[]; customers: SalesCustomerDaysTable[] },
): InsertBatch {
  return addPerProductAndCustomer(addDay(batch, ctx, rows.days), rows.products, rows.customers);
}

/** Rows of the product and customer days, and the same added to their all-time totals. */
function addPerProductAndCustomer(
  batch: InsertBatch,
  products: SalesProductDaysTable[],
  customers: SalesCustomerDaysTable[],
): InsertBatch {
  return batch
    .addTo('sales_product_days', products, PRODUCT_KEYS)
    .addTo(
      'sales_products',
      products.map(({ day: _day, ...total }) => total),
      TOTAL_PRODUCT_KEYS,
    )
    .addTo('sales_customer_days', customers, CUSTOMER_KEYS)
    .addTo(
      'sales_customers',
      customers.map(({ day: _day, ...total }) => total),
      TOTAL_CUSTOMER_KEYS,
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
  if (order.status === 'success') {
    const rows = completionRows(ctx, order, lines);
    rows.days.placed = 1;
    rows.days.placed_total = Number(order.total);
    addRows(batch, ctx, rows);
  } else {
    addDay(
      batch,
      ctx,
      dayRow(ctx, dayOf(ctx, order.created_at), { placed: 1, placed_total: Number(order.total) }),
    );
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
  await addDay(new InsertBatch(), ctx, dayRow(ctx, dayOf(ctx, order.created_at), { cancelled: 1 })).flush(
    trx,
  );
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
  const batch = addDay(
    new InsertBatch(),
    ctx,
    dayRow(ctx, day, {
      refunds: refund.value,
      refunded_orders: refund.full ? 1 : 0,
      units: -units,
      cost: -cost,
    }),
  );
  addPerProductAndCustomer(
    batch,
    productRows(ctx, day, products),
    order.customer_id
      ? [{ store_id: ctx.storeId, day, customer_id: order.customer_id, orders: 0, spent: -refund.value }]
      : [],
  );
  await batch.flush(trx);
}
