import { sql, type Kysely, type Transaction } from 'kysely';
import { addDays, localDate, startOfLocalDay } from '../lib/local-dates.js';
import type { Database } from './schema.js';
import { ACROSS_STORES_MARK, acrossStores } from './store-key-check.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Builds the sales figures (decision 0031) of some stores (all when `storeIds` is absent) from
 * their orders, replacing what was kept: a change of a store's time zone, the generated stores of
 * `bench/insight`, and the recomputation the tests compare the kept figures with. Migrations 0011
 * and 0018 run their own frozen copy (decision 0050); this one follows today's tables.
 *
 * SQLite knows no time zones, so each store's local days are written out first as UTC bounds
 * (a temporary table) and orders are joined to them by `created_at` range, through the
 * `orders (store_id, created_at)` index: the same SQL on both engines.
 */
export async function rebuildSalesFigures(db: Db, storeIds?: readonly string[]): Promise<void> {
  if (db.isTransaction) return rebuild(db as Transaction<Database>, storeIds);
  return db.transaction().execute((trx) => rebuild(trx, storeIds));
}

const BOUNDS = 'sales_rebuild_days';

async function rebuild(trx: Transaction<Database>, storeIds: readonly string[] | undefined): Promise<void> {
  const only = storeIds ? [...new Set(storeIds)] : null;
  if (only && !only.length) return;
  // Changes not yet rolled up are counted by the rebuild from the orders they came with.
  for (const table of [
    'sales_figure_changes',
    'sales_days',
    'sales_product_days',
    'sales_customer_days',
    'sales_products',
    'sales_customers',
  ] as const) {
    const del = trx.deleteFrom(table);
    await (only ? del.where('store_id', 'in', only) : acrossStores(del)).execute();
  }
  let spans = trx
    .selectFrom('orders as o')
    .innerJoin('stores as s', 's.id', 'o.store_id')
    .select((eb) => [
      'o.store_id',
      's.timezone',
      eb.fn.min('o.created_at').as('first'),
      eb.fn.max('o.created_at').as('last'),
    ])
    .groupBy(['o.store_id', 's.timezone']);
  spans = only ? spans.where('o.store_id', 'in', only) : acrossStores(spans);
  const stores = await spans.execute();
  if (!stores.length) return;

  await sql`drop table if exists ${sql.table(BOUNDS)}`.execute(trx);
  await sql`create temporary table ${sql.table(BOUNDS)} (store_id text not null, day text not null, start_at text not null, end_at text not null)`.execute(
    trx,
  );
  let rows: Array<[string, string, string, string]> = [];
  const flush = async () => {
    if (!rows.length) return;
    await trx
      .insertInto(BOUNDS as never)
      .values(rows.map(([store_id, day, start_at, end_at]) => ({ store_id, day, start_at, end_at })) as never)
      .execute();
    rows = [];
  };
  for (const s of stores) {
    const zone = s.timezone;
    const lastDay = localDate(String(s.last), zone);
    let start = startOfLocalDay(localDate(String(s.first), zone), zone);
    for (let day = localDate(String(s.first), zone); day <= lastDay; day = addDays(day, 1)) {
      const end = startOfLocalDay(addDays(day, 1), zone);
      rows.push([s.store_id, day, new Date(start).toISOString(), new Date(end).toISOString()]);
      start = end;
      if (rows.length >= 500) await flush();
    }
  }
  await flush();

  // The stores named by value, so Citus asks only their workers (decision 0049); a rebuild of
  // every store (a migration's backfill, a benchmark's data) asks them all, on purpose.
  const named = only ? sql`o.store_id in (${sql.join(only)}) and` : sql.raw(`${ACROSS_STORES_MARK} `);
  const inDay = sql`${named} o.store_id = d.store_id and o.created_at >= d.start_at and o.created_at < d.end_at`;
  const sale = sql`o.status in ('success', 'refunded')`;
  await sql`
    insert into sales_days (store_id, day, placed, placed_total, cancelled, completed, refunded_orders, gross, discounts,
      refunds, tax, shipping, total, units, cost)
    select d.store_id, d.day, count(*), sum(o.total),
      sum(case when o.status = 'cancelled' then 1 else 0 end),
      sum(case when ${sale} then 1 else 0 end),
      sum(case when o.status = 'refunded' then 1 else 0 end),
      sum(case when ${sale} then o.subtotal else 0 end),
      sum(case when ${sale} then o.discount else 0 end),
      sum(case when ${sale} then o.refunded_total else 0 end),
      sum(case when ${sale} then o.tax else 0 end),
      sum(case when ${sale} then o.shipping else 0 end),
      sum(case when ${sale} then o.total else 0 end),
      0, 0
    from ${sql.table(BOUNDS)} d join orders o on ${inDay}
    group by d.store_id, d.day`.execute(trx);
  // Lines: gross adds the line discounts back to the subtotal; units and cost are what was kept,
  // in base units (a pack line's packs × its factor, decision 0064).
  await sql`
    insert into sales_days (store_id, day, gross, discounts, units, cost)
    select d.store_id, d.day, sum(i.discount), sum(i.discount), sum((i.quantity - i.quantity_refunded) * i.pack_factor),
      sum(coalesce(i.cost_price, 0) * (i.quantity - i.quantity_refunded) * i.pack_factor)
    from ${sql.table(BOUNDS)} d join orders o on ${inDay}
      join order_items i on i.store_id = o.store_id and i.order_id = o.id
    where ${sale}
    group by d.store_id, d.day
    on conflict (store_id, day) do update set gross = sales_days.gross + excluded.gross,
      discounts = sales_days.discounts + excluded.discounts, units = excluded.units, cost = excluded.cost`.execute(
    trx,
  );
  // A line's revenue kept: its value after discounts less the refunded units' share, rounded half
  // up cumulatively as the refunds were (orders' shareOfUnits).
  await sql`
    insert into sales_product_days (store_id, day, product_id, units, revenue, cost)
    select d.store_id, d.day, i.product_id, sum((i.quantity - i.quantity_refunded) * i.pack_factor),
      sum((i.total - i.order_discount)
        - (2 * (i.total - i.order_discount) * i.quantity_refunded + i.quantity) / (2 * i.quantity)),
      sum(coalesce(i.cost_price, 0) * (i.quantity - i.quantity_refunded) * i.pack_factor)
    from ${sql.table(BOUNDS)} d join orders o on ${inDay}
      join order_items i on i.store_id = o.store_id and i.order_id = o.id
    where ${sale}
    group by d.store_id, d.day, i.product_id`.execute(trx);
  await sql`
    insert into sales_customer_days (store_id, day, customer_id, orders, spent)
    select d.store_id, d.day, o.customer_id, count(*), sum(o.total - o.refunded_total)
    from ${sql.table(BOUNDS)} d join orders o on ${inDay}
    where ${sale} and o.customer_id is not null
    group by d.store_id, d.day, o.customer_id`.execute(trx);
  await sql`drop table ${sql.table(BOUNDS)}`.execute(trx);
  const scope = only ? sql`where store_id in (${sql.join(only)})` : sql.raw(ACROSS_STORES_MARK);
  await sql`
    insert into sales_products (store_id, product_id, units, revenue, cost)
    select store_id, product_id, sum(units), sum(revenue), sum(cost) from sales_product_days ${scope}
    group by store_id, product_id`.execute(trx);
  await sql`
    insert into sales_customers (store_id, customer_id, orders, spent)
    select store_id, customer_id, sum(orders), sum(spent) from sales_customer_days ${scope}
    group by store_id, customer_id`.execute(trx);
}
