// The dashboard and reports at size (issue 18): a store with ORDERS orders (default 1,000,000)
// over two years and 200 other stores sharing the database, generated in bulk with SQL (not
// through the API), their sales figures built with the same rebuild the migration runs
// (decision 0031); then the p95 of every dashboard and report call and of a one-year CSV export,
// through the whole app (inject: routing, session lookup, validation, answer checks off).
//   node --conditions=source --import tsx bench/insight/run.ts [sqlite|postgres]
// ORDERS, OTHER_STORES (200), OTHER_ORDERS (orders each, 1000), N (requests per call, 40),
// EXPORTS (one-year exports timed, 3). BENCH_SERVER_BUILD=1 runs apps/server/dist.
import { rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import { apiCaller, ownerToken, scratchApp, verifiedOwner } from '../catalogue/common.js';
import type * as RebuildModule from '../../apps/server/src/db/sales-figures-rebuild.js';

const { rebuildSalesFigures } = (await import(
  process.env.BENCH_SERVER_BUILD === '1'
    ? '../../apps/server/dist/db/sales-figures-rebuild.js'
    : '../../apps/server/src/db/sales-figures-rebuild.js'
)) as typeof RebuildModule;

const engine = (process.argv[2] ?? 'sqlite') as 'sqlite' | 'postgres';
const ORDERS = Number(process.env.ORDERS ?? 1_000_000);
const OTHER_STORES = Number(process.env.OTHER_STORES ?? 200);
const OTHER_ORDERS = Number(process.env.OTHER_ORDERS ?? 1000);
const N = Number(process.env.N ?? 40);
const EXPORTS = Number(process.env.EXPORTS ?? 3);
const PRODUCTS = 200;
const CUSTOMERS = 20_000;
const SCHEMA = 'bench_insight';
const DAY_MS = 86_400_000;
const SPAN_MS = 730 * DAY_MS;

// REUSE=1 (PostgreSQL): time the calls again on the data of the last run, without generating it.
const REUSE = engine === 'postgres' && process.env.REUSE === '1';
const { dir, database, app } = await scratchApp(engine, 'insight', SCHEMA, { reuse: REUSE });
const db = database.db as unknown as Kysely<any>;

const call = apiCaller(app);
const inject = async (method: string, url: string, opts: { token?: string; body?: object } = {}) => {
  const res = await call(method, url, opts);
  return { status: res.statusCode, body: res.body, bytes: res.rawPayload.length };
};

// The history ends a minute ago (on REUSE, the timing's today is today all the same).
const endMs = Date.now() - 60_000;
const startMs = endMs - SPAN_MS;
const email = 'owner@insight.bench';
let token: string;
if (REUSE) {
  token = await ownerToken(app, email);
} else {
  token = await generateAll();
}

async function generateAll(): Promise<string> {
  // The owner of the big store, through the API.
  const owner = await verifiedOwner(app, database.db, email, 'Bench insight');
  const store = await db
    .selectFrom('stores')
    .selectAll()
    .where('owner_user_id', '=', owner.userId)
    .executeTakeFirstOrThrow();

  // Engine-specific SQL pieces for the generator.
  const pgsql = engine === 'postgres';
  const hex = (e: string, width: number) =>
    pgsql ? `lpad(to_hex(${e}), ${width}, '0')` : `printf('%0${width}x', ${e})`;
  const padded = (e: string, width: number) =>
    pgsql ? `lpad((${e})::text, ${width}, '0')` : `printf('%0${width}d', ${e})`;
  const isoAt = (ms: string) =>
    pgsql
      ? `to_char(to_timestamp((${ms}) / 1000.0) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : `strftime('%Y-%m-%dT%H:%M:%fZ', (${ms}) / 1000.0, 'unixepoch')`;
  const series = (count: number) =>
    pgsql
      ? { with: '', from: `generate_series(0::bigint, ${count - 1}::bigint) as s(n)` }
      : {
          with: `with recursive s(n) as (select 0 union all select n + 1 from s where n < ${count - 1}) `,
          from: 's',
        };

  const storeIds: string[] = [store.id];
  const t0 = performance.now();

  // 200 other stores: copies of the first with their own ids.
  for (let k = 1; k <= OTHER_STORES; k++) {
    const id = `${k.toString(16).padStart(8, '0')}-0000-7000-8000-000000000000`;
    await db
      .insertInto('stores')
      .values({ ...store, id, business_name: `Other shop ${k}` })
      .execute();
    await db.insertInto('store_zones').values({ store_id: id, timezone: store.timezone }).execute();
    storeIds.push(id);
  }

  const price = (p: string) => `(100000 + (${p}) * 1000)`;
  async function generate(k: number, storeId: string, count: number, products: number, customers: number) {
    const chunk = 100_000;
    const step = Math.floor(SPAN_MS / count);
    for (let from = 0; from < count; from += chunk) {
      const size = Math.min(chunk, count - from);
      const s = series(size);
      const n = `(n + ${from})`;
      const p1 = `(${n} % ${products})`;
      const p2 = `((${n} * 7 + 3) % ${products})`;
      const q1 = `(1 + ${n} % 3)`;
      const q2 = `(1 + (${n} / 3) % 2)`;
      const subtotal = `(${price(p1)} * ${q1} + ${price(p2)} * ${q2})`;
      const tax = `(${subtotal} * 75 / 1000)`;
      const shipping = `(case when ${n} % 10 = 0 then 150000 else 0 end)`;
      const total = `(${subtotal} + ${tax} + ${shipping})`;
      const status = `(case when ${n} % 100 < 90 then 'success' when ${n} % 100 < 93 then 'refunded' when ${n} % 100 < 96 then 'cancelled' else 'pending' end)`;
      const id = `${hex(String(k), 8)} || '-0000-7000-8000-' || ${hex(n, 12)}`;
      const created = isoAt(`${startMs} + ${n} * ${step}`);
      const customer = `(case when ${n} % 3 = 0 then ${hex(String(k), 8)} || '-0000-7000-a000-' || ${hex(`(${n} / 3) % ${customers}`, 12)} end)`;
      await sql
        .raw(
          `${s.with}insert into orders (id, store_id, number, status, payment_state, channel, payment_type, customer_id,
          customer_name, subtotal, discount, tax, taxes, tax_inclusive, shipping, total, amount_received,
          amount_outstanding, change_due, refunded_total, amount_refunded, currency, created_at, updated_at, completed_at)
        select ${id}, '${storeId}', 'ORD-' || ${padded(`${n} + 1`, 7)}, ${status},
          case when ${status} in ('success', 'refunded') then 'paid' else 'unpaid' end, 'pos', 'cash', ${customer},
          case when ${n} % 3 = 0 then 'Customer ' || ((${n} / 3) % ${customers}) end,
          ${subtotal}, 0, ${tax}, '[]', 0, ${shipping}, ${total},
          case when ${status} in ('success', 'refunded') then ${total} else 0 end, 0, 0,
          case when ${status} in ('refunded', 'cancelled') then ${total} else 0 end,
          case when ${status} = 'refunded' then ${total} else 0 end, 'NGN', ${created}, ${created},
          case when ${status} in ('success', 'refunded') then ${created} end
        from ${s.from}`,
        )
        .execute(db);
      for (const [line, p, q] of [
        [1, p1, q1],
        [2, p2, q2],
      ] as const) {
        const s2 = series(size);
        await sql
          .raw(
            `${s2.with}insert into order_items (id, store_id, order_id, line_no, product_id, name, sku, unit_price, list_price,
            cost_price, quantity, discount, total, order_discount, tax, quantity_refunded)
          select ${hex(String(k), 8)} || '-000${line}-7000-b000-' || ${hex(n, 12)}, '${storeId}', ${id}, ${line},
            ${hex(String(k), 8)} || '-0000-7000-9000-' || ${hex(p, 12)}, 'Product ' || ${p}, 'SKU-' || ${p},
            ${price(p)}, ${price(p)}, ${price(p)} * 6 / 10, ${q}, 0, ${price(p)} * ${q}, 0, ${price(p)} * ${q} * 75 / 1000,
            case when ${status} = 'refunded' then ${q} else 0 end
          from ${s2.from}`,
          )
          .execute(db);
      }
    }
  }

  async function catalogue(k: number, storeId: string, products: number, customers: number) {
    const ps = series(products);
    await sql
      .raw(
        `${ps.with}insert into products (id, store_id, name, sku, barcode, unit, price, cost_price, track_stock, quantity,
        low_stock_threshold, stock_state, status, images, created_at, updated_at)
      select ${hex(String(k), 8)} || '-0000-7000-9000-' || ${hex('n', 12)}, '${storeId}', 'Product ' || n, 'SKU-' || n,
        '20' || ${padded(`${k} * 100000 + n`, 11)}, 'piece', ${price('n')}, ${price('n')} * 6 / 10, 1, 1000, 5,
        'in_stock', 'active', '[]', ${isoAt(String(startMs))}, ${isoAt(String(startMs))}
      from ${ps.from}`,
      )
      .execute(db);
    const cs = series(customers);
    await sql
      .raw(
        `${cs.with}insert into customers (id, store_id, first_name, last_name, email_address, phone_number, is_active,
        created_at, updated_at)
      select ${hex(String(k), 8)} || '-0000-7000-a000-' || ${hex('n', 12)}, '${storeId}', 'Customer', '' || n,
        'c' || n || '@insight.bench', '+234800' || ${padded('n', 7)}, 1,
        ${isoAt(`${startMs} + n * ${Math.floor(SPAN_MS / customers)}`)}, ${isoAt(`${startMs} + n * ${Math.floor(SPAN_MS / customers)}`)}
      from ${cs.from}`,
      )
      .execute(db);
    // The customers module keeps the store's number of customers (the list and the dashboard read it).
    await db
      .insertInto('counters')
      .values({ store_id: storeId, name: 'customers', value: customers })
      .onConflict((oc) => oc.columns(['store_id', 'name']).doUpdateSet({ value: customers }))
      .execute();
  }

  await catalogue(0, store.id, PRODUCTS, CUSTOMERS);
  await generate(0, store.id, ORDERS, PRODUCTS, CUSTOMERS);
  console.log(
    `[${engine}] generated ${ORDERS} orders in the big store: ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  for (let k = 1; k <= OTHER_STORES; k++) await generate(k, storeIds[k]!, OTHER_ORDERS, 20, 200);
  const generated = (performance.now() - t0) / 1000;
  if (pgsql) await sql`analyze`.execute(db);
  const r0 = performance.now();
  await rebuildSalesFigures(database.db);
  const rebuilt = (performance.now() - r0) / 1000;
  if (pgsql) await sql`vacuum analyze`.execute(db);
  else await sql`analyze`.execute(db);
  const count = async (table: string, where = '') =>
    Number(
      (await sql.raw<{ n: number }>(`select count(*) as n from ${table} ${where}`).execute(db)).rows[0]!.n,
    );
  console.log(
    `[${engine}] ${await count('orders')} orders, ${await count('order_items')} lines in ${storeIds.length} stores generated in ${generated.toFixed(1)} s; figures rebuilt in ${rebuilt.toFixed(1)} s (${await count('sales_days')} store-days, ${await count('sales_product_days')} product-days, ${await count('sales_customer_days')} customer-days)`,
  );

  return owner.token;
}

// Timing.
const p95 = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
};
async function time(url: string, runs = N): Promise<{ p95: number; median: number; bytes: number }> {
  let bytes = 0;
  for (let i = 0; i < 3; i++) {
    const res = await inject('GET', url, { token });
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.body.slice(0, 300)}`);
  }
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const res = await inject('GET', url, { token });
    times.push(performance.now() - started);
    bytes = res.bytes;
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { p95: p95(times), median: sorted[Math.floor(sorted.length / 2)]!, bytes };
}

const today = new Date(endMs + 3_600_000).toISOString().slice(0, 10);
const yearAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 364 * DAY_MS).toISOString().slice(0, 10);
const DASHBOARD = [
  '/dashBoard/customers',
  '/dashBoard/product-sale',
  '/dashBoard/recent-orders',
  '/dashBoard/total-sales',
  '/dashBoard/today-sales',
  '/dashBoard/total-customers',
  '/dashBoard/total-order',
  '/dashBoard/filter/sales?time=week',
];
const MORE_DASHBOARD = [
  '/dashBoard/filter/sales?time=today',
  '/dashBoard/filter/orders?time=month',
  '/dashBoard/filter/sales?time=year',
  '/dashBoard/filter/customers?time=year',
  `/dashBoard/filter/sales?from=${yearAgo}&to=${today}`,
  `/dashBoard/customers?from=${yearAgo}&to=${today}`,
  `/dashBoard/product-sale?from=${yearAgo}&to=${today}`,
];
const REPORTS = [
  '/sales_report/all',
  `/sales_report/all?from=${yearAgo}&to=${today}`,
  '/sales_report/filter/sales?type=daily',
  '/sales_report/filter/sales?type=weekly',
  '/sales_report/filter/sales?type=monthly',
  '/sales_report/filter/sales?type=yearly',
  `/sales_report/filter/sales?type=daily&from=${yearAgo}&to=${today}`,
  '/sales_report/items',
  `/sales_report/items?from=${yearAgo}&to=${today}`,
  '/sales_transactions/orders',
  `/sales_transactions/orders?from=${yearAgo}&to=${today}&page=100`,
  '/sales_transactions/filter?type=today',
  '/sales_transactions/filter?type=year',
  '/sales_transactions/filter?type=month&kind=payments',
];
const rows: string[] = [];
const results = new Map<string, number>();
for (const url of [...DASHBOARD, ...MORE_DASHBOARD, ...REPORTS]) {
  const r = await time(url);
  results.set(url, r.p95);
  rows.push(`| ${url} | ${r.median.toFixed(1)} | ${r.p95.toFixed(1)} | ${(r.bytes / 1024).toFixed(1)} |`);
}
// The whole dashboard: its eight calls one after the other, as one load.
const loads: number[] = [];
for (let i = 0; i < N; i++) {
  const started = performance.now();
  for (const url of DASHBOARD) await inject('GET', url, { token });
  loads.push(performance.now() - started);
}
// A year of transactions as CSV, streamed.
const exportTimes: number[] = [];
let exportBytes = 0;
let exportLines = 0;
for (let i = 0; i < EXPORTS; i++) {
  const started = performance.now();
  const res = await inject('GET', `/sales_transactions/export?from=${yearAgo}&to=${today}`, { token });
  exportTimes.push(performance.now() - started);
  if (res.status !== 200) throw new Error(`export: ${res.status}`);
  exportBytes = res.bytes;
  exportLines = res.body.split('\r\n').length;
}
const itemsExport = await time(`/sales_report/items/export?from=${yearAgo}&to=${today}`, 5);
const reportExport = await time(
  `/sales_report/filter/sales/export?type=daily&from=${yearAgo}&to=${today}`,
  5,
);

console.log(
  `\n## ${engine}: ${ORDERS} orders in the store, ${OTHER_STORES} other stores × ${OTHER_ORDERS}; N=${N}\n`,
);
console.log('| call | median ms | p95 ms | answer KB |\n|---|---|---|---|');
for (const r of rows) console.log(r);
console.log(
  `\nWhole dashboard (${DASHBOARD.length} calls in a row): p95 ${p95(loads).toFixed(1)} ms; sum of the calls' p95s ${DASHBOARD.reduce((s, u) => s + results.get(u)!, 0).toFixed(1)} ms`,
);
console.log(`Worst dashboard call p95: ${Math.max(...DASHBOARD.map((u) => results.get(u)!)).toFixed(1)} ms`);
console.log(
  `One-year transactions CSV (${exportLines} lines, ${(exportBytes / 1024 / 1024).toFixed(1)} MB): p95 of ${EXPORTS} ${p95(exportTimes).toFixed(0)} ms (all: ${exportTimes.map((x) => x.toFixed(0)).join(', ')})`,
);
console.log(
  `One-year sales-by-item CSV: p95 ${itemsExport.p95.toFixed(1)} ms; one-year daily sales report CSV: p95 ${reportExport.p95.toFixed(1)} ms`,
);

await app.close();
if (engine === 'sqlite' && process.env.KEEP !== '1') rmSync(dir, { recursive: true, force: true });
else if (engine === 'sqlite') process.stdout.write(`kept ${dir}\n`);
