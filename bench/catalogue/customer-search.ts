// Customer search at the benchmark's size: loads 50,000 customers (the catalogue benchmark's
// customer data) through the real import into a fresh database, then times searches through
// the whole app (inject) and reports the search index's size. A small, one-core measurement:
//   taskset -c 1 node --conditions=source --import tsx bench/catalogue/customer-search.ts [sqlite|postgres]
// BENCH_CUSTOMERS changes the count; N the requests per search (default 40); KEEP=1 keeps the SQLite file.
import { rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { apiCaller, multipart, resetSchema, scratchApp, verifiedOwner, type CallOptions } from './common.js';
import { CUSTOMERS, customerCsv } from './generate.js';

const engine = (process.argv[2] ?? 'sqlite') as 'sqlite' | 'postgres';
const N = Number(process.env.N ?? 40);
const SCHEMA = 'bench_customer_search';
const SEARCHES = ['ade', 'bayo', 'okonkwo', 'chinedu okafor', 'nkwo', '0000123', '4567', 'example'];

const { dir, database, app } = await scratchApp(engine, 'customer-search', SCHEMA);
await app.ready();
const call = apiCaller(app);
const inject = async (method: string, url: string, opts: CallOptions = {}) => {
  const res = await call(method, url, opts);
  return { status: res.statusCode, body: res.json() };
};

const { token } = await verifiedOwner(app, database.db, 'owner@customer-search.bench', 'Bench customers');

const loadStarted = performance.now();
const loadCpu = process.cpuUsage();
for (let from = 0; from < CUSTOMERS; from += 10_000) {
  const file = multipart(customerCsv(from, Math.min(CUSTOMERS, from + 10_000)), 'customers.csv');
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/customers/upload',
    headers: { authorization: token, ...file.headers },
    payload: file.payload,
  });
  if (res.statusCode !== 200) throw new Error(`import: ${res.statusCode} ${res.body.slice(0, 300)}`);
}
const loadSeconds = (performance.now() - loadStarted) / 1000;
const loadCpuSeconds = (({ user, system }) => (user + system) / 1e6)(process.cpuUsage(loadCpu));
if (engine === 'postgres') await sql`vacuum analyze`.execute(database.db);

const countRows = async (table: 'search_terms' | 'search_suffixes') =>
  Number(
    (
      await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`
        .execute(database.db)
        .catch(() => ({ rows: [{ n: 0 }] }))
    ).rows[0]!.n,
  );
const terms = await countRows('search_terms');
const suffixes = await countRows('search_suffixes');
let size: string;
if (engine === 'sqlite') {
  await sql`pragma wal_checkpoint(truncate)`.execute(database.db);
  size = `database file ${(statSync(path.join(dir, 'bench.db')).size / 1024 / 1024).toFixed(1)} MB`;
} else {
  const { rows } = await sql<{
    mb: string;
  }>`select round((pg_total_relation_size('search_terms') + coalesce(pg_total_relation_size(to_regclass('search_suffixes')), 0)) / 1024.0 / 1024.0, 1)::text as mb`.execute(
    database.db,
  );
  size = `search_terms and search_suffixes with their indexes ${rows[0]!.mb} MB`;
}
process.stdout.write(
  `${engine}: ${CUSTOMERS.toLocaleString('en')} customers imported in ${loadSeconds.toFixed(1)} s ` +
    `(${loadCpuSeconds.toFixed(1)} s of this process's CPU); ${terms.toLocaleString('en')} search terms, ` +
    `${suffixes.toLocaleString('en')} suffixes; ${size}\n`,
);

process.stdout.write(
  'search                 matches   wall ms/req   CPU ms/req   (first page of 10, by name)\n',
);
for (const search of SEARCHES) {
  const url = `/customers/paginated-results?search=${encodeURIComponent(search)}&perPage=10`;
  const first = await inject('GET', url, { token });
  for (let i = 0; i < 5; i++) await inject('GET', url, { token });
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < N; i++) await inject('GET', url, { token });
  const wall = (performance.now() - t0) / N;
  const cpu = process.cpuUsage(cpu0);
  process.stdout.write(
    `${JSON.stringify(search).padEnd(22)} ${String(first.body.pagination.total).padStart(7)}   ${wall.toFixed(2).padStart(11)}   ${((cpu.user + cpu.system) / 1000 / N).toFixed(2).padStart(10)}\n`,
  );
}

await app.close();
await database.destroy();
// KEEP=1 keeps the SQLite file (its path is printed) to look at query plans.
if (process.env.KEEP === '1') process.stdout.write(`kept ${path.join(dir, 'bench.db')}\n`);
else rmSync(dir, { recursive: true, force: true });
if (engine === 'postgres') await resetSchema(SCHEMA, { create: false });
