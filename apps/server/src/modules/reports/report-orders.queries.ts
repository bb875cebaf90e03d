import type { OrderStatus } from '@tillbook/contract/orders';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import {
  cashierRows,
  largestModeFirst,
  orderTotals,
  paidBackByType,
  receivedByType,
  recorderRows,
  withTheirLines,
  type CashierSalesRow,
  type InstantRange,
  type RecentOrderRow,
  type RecorderRow,
  type TransactionDbRow,
  type TransactionFilter,
  type VariantSalesRow,
} from './report-order-rows.js';

/**
 * What the reports module reads of the orders and payments-received tables, read-only (decision
 * 0025): the orders module uses reports (it keeps the sales figures), so reports cannot ask it.
 * Every read is a range of an index that starts with the store: the newest orders
 * (`orders (store_id, created_at)`), today's orders for the hourly chart, and the transactions
 * lists and exports (`payments_received (store_id, payment_date)`), and the takings by payment
 * type and by cashier (those two, and `order_refunds (store_id, created_at)` for money paid back).
 * Only the reads are here; the rows they answer with, and how those are put together, are in
 * report-order-rows.ts.
 */

type Db = Kysely<Database>;

export async function recentOrders(db: Db, storeId: string, limit: number): Promise<RecentOrderRow[]> {
  const orders = await db
    .selectFrom('orders')
    .select([
      'id',
      'number',
      'created_at',
      'customer_name',
      'status',
      'payment_state',
      'total',
      'refunded_total',
    ])
    .where('store_id', '=', storeId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  if (!orders.length) return [];
  const lines = await db
    .selectFrom('order_items')
    .select(['order_id', 'line_no', 'name', 'quantity'])
    .where('store_id', '=', storeId)
    .where(
      'order_id',
      'in',
      orders.map((o) => o.id),
    )
    .execute();
  return withTheirLines(orders, lines);
}

/** Orders placed between two instants (`from` included, `to` not), oldest first: the hourly chart. */
export async function ordersPlacedBetween(
  db: Db,
  storeId: string,
  from: string,
  to: string,
): Promise<Array<{ created_at: string; status: OrderStatus; total: number; refunded_total: number }>> {
  const rows = await db
    .selectFrom('orders')
    .select(['created_at', 'status', 'total', 'refunded_total'])
    .where('store_id', '=', storeId)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => ({ ...r, total: r.total, refunded_total: r.refunded_total }));
}

/** Product names as sold, for products deleted since (their figures stay in the reports). */
export async function soldProductNames(
  db: Db,
  storeId: string,
  productIds: readonly string[],
): Promise<Map<string, { name: string; sku: string | null }>> {
  const out = new Map<string, { name: string; sku: string | null }>();
  for (let i = 0; i < productIds.length; i += 500) {
    const rows = await db
      .selectFrom('order_items')
      .select(['product_id', 'name', 'sku'])
      .where('store_id', '=', storeId)
      .where('product_id', 'in', productIds.slice(i, i + 500))
      .execute();
    for (const r of rows) out.set(r.product_id, { name: r.name, sku: r.sku });
  }
  return out;
}

function ordersQuery(db: Db, storeId: string, f: TransactionFilter) {
  let q = db
    .selectFrom('orders as o')
    .where('o.store_id', '=', storeId)
    .where('o.created_at', '>=', f.from)
    .where('o.created_at', '<', f.to);
  if (f.status) q = q.where('o.status', '=', f.status);
  return q;
}

function paymentsQuery(db: Db, storeId: string, f: TransactionFilter) {
  let q = db
    .selectFrom('payments_received as p')
    .innerJoin('orders as o', (j) =>
      j.onRef('o.id', '=', 'p.order_id').onRef('o.store_id', '=', 'p.store_id'),
    )
    .where('p.store_id', '=', storeId)
    .where('p.payment_date', '>=', f.from)
    .where('p.payment_date', '<', f.to);
  if (f.status) q = q.where('o.status', '=', f.status);
  return q;
}

/** Count and amount of every row matching the filter (the list's totals line), paid and unpaid apart. */
export async function transactionTotals(
  db: Db,
  storeId: string,
  f: TransactionFilter,
): Promise<{ count: number; amount: number; paid: number; unpaid: number }> {
  if (f.kind === 'payments') {
    const row = await paymentsQuery(db, storeId, f)
      .select((eb) => [
        eb.fn.countAll<number>().as('count'),
        eb.fn.sum<number | null>('p.amount').as('amount'),
      ])
      .executeTakeFirstOrThrow();
    const amount = row.amount ?? 0;
    return { count: row.count, amount, paid: amount, unpaid: 0 };
  }
  const row = await ordersQuery(db, storeId, f)
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.sum<number | null>('o.total').as('amount'),
      eb.fn.sum<number | null>(eb('o.amount_received', '-', eb.ref('o.amount_refunded'))).as('paid'),
      eb.fn.sum<number | null>('o.amount_outstanding').as('unpaid'),
    ])
    .executeTakeFirstOrThrow();
  return orderTotals(row);
}

/**
 * Rows newest first: a page (`offset`, `limit`), or, with `before`, the rows after a row already
 * sent (keyset: the export streams a year in batches without an offset that grows).
 */
export async function transactionRows(
  db: Db,
  storeId: string,
  f: TransactionFilter,
  page: { limit: number; offset?: number; before?: { date: string; id: string }; paidApart?: boolean },
): Promise<TransactionDbRow[]> {
  if (f.kind === 'orders') {
    let q = ordersQuery(db, storeId, f)
      .select([
        'o.id',
        'o.created_at as date',
        'o.number',
        'o.id as order_id',
        'o.number as order_number',
        'o.customer_name',
        'o.payment_type',
        'o.total as amount',
        'o.status',
      ])
      // The same split as the totals line (decision 0059), for the export's columns.
      .$if(!!page.paidApart, (qb) =>
        qb.select((eb) => [
          eb('o.amount_received', '-', eb.ref('o.amount_refunded')).as('paid'),
          'o.amount_outstanding as unpaid',
        ]),
      );
    if (page.before) {
      const b = page.before;
      // An upper bound the index starts from; the rows of that instant already sent are left out.
      q = q
        .where('o.created_at', '<=', b.date)
        .where((eb) => eb.not(eb.and([eb('o.created_at', '=', b.date), eb('o.id', '>=', b.id)])));
    }
    q = q.orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').limit(page.limit);
    if (page.offset) q = q.offset(page.offset);
    return (await q.execute()).map((r) => ({ ...r, amount: r.amount }));
  }
  let q = paymentsQuery(db, storeId, f).select([
    'p.id',
    'p.payment_date as date',
    'p.number',
    'p.order_id',
    'p.order_number',
    'p.customer_name',
    'p.payment_mode as payment_type',
    'p.amount',
    'o.status',
  ]);
  if (page.before) {
    const b = page.before;
    q = q
      .where('p.payment_date', '<=', b.date)
      .where((eb) => eb.not(eb.and([eb('p.payment_date', '=', b.date), eb('p.id', '>=', b.id)])));
  }
  q = q.orderBy('p.payment_date', 'desc').orderBy('p.id', 'desc').limit(page.limit);
  if (page.offset) q = q.offset(page.offset);
  return (await q.execute()).map((r) => ({ ...r, amount: r.amount }));
}

/** Payments received in `[from, to)` (instants), added up by mode, the largest first. */
export async function paymentsByMode(
  db: Db,
  storeId: string,
  from: string,
  to: string,
): Promise<Array<{ payment_type: string; amount: number; count: number }>> {
  const rows = await db
    .selectFrom('payments_received')
    .where('store_id', '=', storeId)
    .where('payment_date', '>=', from)
    .where('payment_date', '<', to)
    .select((eb) => [
      'payment_mode',
      eb.fn.sum<number>('amount').as('amount'),
      eb.fn.countAll<number>().as('count'),
    ])
    .groupBy('payment_mode')
    .execute();
  return largestModeFirst(rows);
}

/**
 * Payments dated in the range, added up by how they came (decision 0062): with the sale
 * (`source = 'order'`) under the order's payment type, so a POS-terminal sale stays apart from a
 * card payment recorded later; afterwards under the payment's own mode.
 */
export async function receivedByPaymentType(
  db: Db,
  storeId: string,
  r: InstantRange,
): Promise<Array<{ payment_type: string; amount: number; count: number }>> {
  const rows = await db
    .selectFrom('payments_received as p')
    .innerJoin('orders as o', (j) =>
      j.onRef('o.id', '=', 'p.order_id').onRef('o.store_id', '=', 'p.store_id'),
    )
    .where('p.store_id', '=', storeId)
    .where('p.payment_date', '>=', r.from)
    .where('p.payment_date', '<', r.to)
    .select((eb) => [
      'p.source',
      'p.payment_mode',
      'o.payment_type',
      eb.fn.sum<number>('p.amount').as('amount'),
      eb.fn.countAll<number>().as('count'),
    ])
    .groupBy(['p.source', 'p.payment_mode', 'o.payment_type'])
    .execute();
  return receivedByType(rows);
}

/**
 * Money paid back by refunds and cancellations made in the range (`order_refunds.amount`, by the
 * refund's `created_at`), under the order's payment type; rows that paid nothing back are left out.
 */
export async function paidBackByPaymentType(
  db: Db,
  storeId: string,
  r: InstantRange,
): Promise<Array<{ payment_type: string; amount: number; count: number }>> {
  const rows = await db
    .selectFrom('order_refunds as r')
    .innerJoin('orders as o', (j) =>
      j.onRef('o.id', '=', 'r.order_id').onRef('o.store_id', '=', 'r.store_id'),
    )
    .where('r.store_id', '=', storeId)
    .where('r.created_at', '>=', r.from)
    .where('r.created_at', '<', r.to)
    .where('r.amount', '>', 0)
    .select((eb) => [
      'o.payment_type',
      eb.fn.sum<number>('r.amount').as('amount'),
      eb.fn.countAll<number>().as('count'),
    ])
    .groupBy('o.payment_type')
    .execute();
  return paidBackByType(rows);
}

/**
 * Completed orders (`success`, or `refunded` since) placed in the range, added up by who placed
 * them: count, totals, value refunded since, and discounts (the code's and the lines').
 */
export async function salesByCreator(db: Db, storeId: string, r: InstantRange): Promise<CashierSalesRow[]> {
  const completed = () =>
    db
      .selectFrom('orders as o')
      .where('o.store_id', '=', storeId)
      .where('o.created_at', '>=', r.from)
      .where('o.created_at', '<', r.to)
      .where('o.status', 'in', ['success', 'refunded']);
  const [orders, lines] = await Promise.all([
    completed()
      .select((eb) => [
        'o.created_by_id',
        'o.created_by_name',
        eb.fn.max('o.created_at').as('last_at'),
        eb.fn.countAll<number>().as('orders'),
        eb.fn.sum<number>('o.total').as('sales_total'),
        eb.fn.sum<number>('o.refunded_total').as('refunds'),
        eb.fn.sum<number>('o.discount').as('discounts'),
      ])
      .groupBy(['o.created_by_id', 'o.created_by_name'])
      .execute(),
    completed()
      .innerJoin('order_items as i', (j) =>
        j.onRef('i.order_id', '=', 'o.id').onRef('i.store_id', '=', 'o.store_id'),
      )
      .select((eb) => [
        'o.created_by_id',
        'o.created_by_name',
        eb.fn.sum<number>('i.discount').as('discounts'),
      ])
      .groupBy(['o.created_by_id', 'o.created_by_name'])
      .execute(),
  ]);
  return cashierRows(orders, lines);
}

/** Payments dated in the range, added up by who recorded them. */
export async function receivedByRecorder(db: Db, storeId: string, r: InstantRange): Promise<RecorderRow[]> {
  const rows = await db
    .selectFrom('payments_received')
    .where('store_id', '=', storeId)
    .where('payment_date', '>=', r.from)
    .where('payment_date', '<', r.to)
    .select((eb) => [
      'recorded_by_id',
      'recorded_by_name',
      eb.fn.max('payment_date').as('last_at'),
      eb.fn.sum<number>('amount').as('received'),
    ])
    .groupBy(['recorded_by_id', 'recorded_by_name'])
    .execute();
  return recorderRows(rows);
}

/**
 * Sales by variant of the completed orders placed in `[from, to)`, read from the order lines (the
 * kept figures are per product): units in base units, revenue after discounts less the refunded
 * units' share (rounded as refunds are), cost per base unit. By `orders (store_id, created_at)`.
 */
export async function variantSales(
  db: Db,
  storeId: string,
  from: string,
  to: string,
): Promise<VariantSalesRow[]> {
  const { rows } = await sql<VariantSalesRow>`
    select i.product_id, coalesce(i.variant_id, i.product_id) as variant_id, max(i.variant_name) as variant_name,
      max(i.name) as name, max(i.sku) as sku,
      sum((i.quantity - i.quantity_refunded) * i.pack_factor) as units,
      sum((i.total - i.order_discount)
        - (2 * (i.total - i.order_discount) * i.quantity_refunded + i.quantity) / (2 * i.quantity)) as revenue,
      sum(coalesce(i.cost_price, 0) * (i.quantity - i.quantity_refunded) * i.pack_factor) as cost
    from orders o join order_items i on i.store_id = ${storeId} and i.order_id = o.id
    where o.store_id = ${storeId} and o.created_at >= ${from} and o.created_at < ${to}
      and o.status in ('success', 'refunded')
    group by i.product_id, coalesce(i.variant_id, i.product_id)`.execute(db);
  return rows;
}
