/* eslint-disable @typescript-eslint/no-explicit-any -- written for the schema of its migrations, before the tables have types */
import { sql, type Kysely, type Transaction } from 'kysely';

/**
 * FROZEN (decision 0050): the sales figures' backfill of migrations 0011 and 0018, a copy of
 * `db/sales-figures-rebuild.ts` as it was on 29 November 2026 (commit 825892a), for every store
 * and with no table of changes (it comes with 0019). Imported by those two migrations only; never
 * edit it: a later migration that needs other SQL gets a file of its own. Its checksum is in
 * `db/migrations.checksums.json`.
 *
 * `placedTotal` is false for 0011, whose `sales_days` has no `placed_total` yet (0018 adds it):
 * while 0011 ran the live rebuild, it failed on a database holding orders once 0018 had taught
 * the rebuild that column.
 *
 * SQLite knows no time zones, so each store's local days are written out first as UTC bounds
 * (a temporary table) and orders are joined to them by `created_at` range: the same SQL on both
 * engines. `/* across stores *\/` marks the statements that read every store on purpose
 * (decision 0049).
 */
export async function backfillSalesFigures(
  db: Kysely<any>,
  options: { placedTotal: boolean },
): Promise<void> {
  if (db.isTransaction) return backfill(db as Transaction<any>, options);
  return db.transaction().execute((trx) => backfill(trx, options));
}

const ACROSS_STORES = '/* across stores */';
const BOUNDS = 'sales_rebuild_days';

async function backfill(trx: Transaction<any>, options: { placedTotal: boolean }): Promise<void> {
  for (const table of [
    'sales_days',
    'sales_product_days',
    'sales_customer_days',
    'sales_products',
    'sales_customers',
  ]) {
    await trx
      .deleteFrom(table)
      .modifyEnd(sql.raw(` ${ACROSS_STORES}`))
      .execute();
  }
  const stores = (await trx
    .selectFrom('orders as o')
    .innerJoin('stores as s', 's.id', 'o.store_id')
    .select((eb: any) => [
      'o.store_id',
      's.timezone',
      eb.fn.min('o.created_at').as('first'),
      eb.fn.max('o.created_at').as('last'),
    ])
    .groupBy(['o.store_id', 's.timezone'])
    .modifyEnd(sql.raw(` ${ACROSS_STORES}`))
    .execute()) as Array<{ store_id: string; timezone: string; first: unknown; last: unknown }>;
  if (!stores.length) return;

  await sql`drop table if exists ${sql.table(BOUNDS)}`.execute(trx);
  await sql`create temporary table ${sql.table(BOUNDS)} (store_id text not null, day text not null, start_at text not null, end_at text not null)`.execute(
    trx,
  );
  let rows: Array<[string, string, string, string]> = [];
  const flush = async () => {
    if (!rows.length) return;
    await trx
      .insertInto(BOUNDS)
      .values(rows.map(([store_id, day, start_at, end_at]) => ({ store_id, day, start_at, end_at })))
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

  const inDay = sql`${sql.raw(`${ACROSS_STORES} `)} o.store_id = d.store_id and o.created_at >= d.start_at and o.created_at < d.end_at`;
  const sale = sql`o.status in ('success', 'refunded')`;
  const placedTotal = options.placedTotal
    ? { column: sql.raw(' placed_total,'), value: sql`sum(o.total),` }
    : { column: sql.raw(''), value: sql`` };
  await sql`
    insert into sales_days (store_id, day, placed,${placedTotal.column} cancelled, completed, refunded_orders, gross, discounts,
      refunds, tax, shipping, total, units, cost)
    select d.store_id, d.day, count(*), ${placedTotal.value}
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
  // Lines: gross adds the line discounts back to the subtotal; units and cost are what was kept.
  await sql`
    insert into sales_days (store_id, day, gross, discounts, units, cost)
    select d.store_id, d.day, sum(i.discount), sum(i.discount), sum(i.quantity - i.quantity_refunded),
      sum(coalesce(i.cost_price, 0) * (i.quantity - i.quantity_refunded))
    from ${sql.table(BOUNDS)} d join orders o on ${inDay}
      join order_items i on i.store_id = o.store_id and i.order_id = o.id
    where ${sale}
    group by d.store_id, d.day
    on conflict (store_id, day) do update set gross = sales_days.gross + excluded.gross,
      discounts = sales_days.discounts + excluded.discounts, units = excluded.units, cost = excluded.cost`.execute(
    trx,
  );
  // A line's revenue kept: its value after discounts less the refunded units' share, rounded half
  // up cumulatively as the refunds were.
  await sql`
    insert into sales_product_days (store_id, day, product_id, units, revenue, cost)
    select d.store_id, d.day, i.product_id, sum(i.quantity - i.quantity_refunded),
      sum((i.total - i.order_discount)
        - (2 * (i.total - i.order_discount) * i.quantity_refunded + i.quantity) / (2 * i.quantity)),
      sum(coalesce(i.cost_price, 0) * (i.quantity - i.quantity_refunded))
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
  await sql`
    insert into sales_products (store_id, product_id, units, revenue, cost)
    select store_id, product_id, sum(units), sum(revenue), sum(cost) from sales_product_days ${sql.raw(ACROSS_STORES)}
    group by store_id, product_id`.execute(trx);
  await sql`
    insert into sales_customers (store_id, customer_id, orders, spent)
    select store_id, customer_id, sum(orders), sum(spent) from sales_customer_days ${sql.raw(ACROSS_STORES)}
    group by store_id, customer_id`.execute(trx);
}

// Store-local dates (a copy of `lib/local-dates.ts` of the same day, without its cache).

const DAY_MS = 86_400_000;

/** Milliseconds the zone's wall clock is ahead of UTC at `instant`. */
function zoneOffset(instant: number, timeZone: string): number {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The UTC instant at which local midnight starts `date` (YYYY-MM-DD) in `timeZone`. */
function startOfLocalDay(date: string, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d);
  let instant = guess - zoneOffset(guess, timeZone);
  // Across a daylight-saving change the offset at the result can differ from the guess's.
  const again = guess - zoneOffset(instant, timeZone);
  if (again !== instant) instant = again;
  return instant;
}

/** The store-local date (YYYY-MM-DD) of an instant. */
function localDate(instant: string, timeZone: string): string {
  const ms = new Date(instant).getTime();
  return new Date(ms + zoneOffset(ms, timeZone)).toISOString().slice(0, 10);
}

/** `date` (YYYY-MM-DD) moved by `days` (calendar arithmetic, no time zone involved). */
function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
