// Customer search at the benchmark's size: loads 50,000 customers (the catalogue benchmark's
// customer data) through the real import into a fresh database, then times searches through
// the whole app (inject) and reports the search index's size. A small, one-core measurement:
//   taskset -c 1 node --conditions=source --import tsx bench/catalogue/customer-search.ts [sqlite|postgres]
// BENCH_CUSTOMERS changes the count; N the requests per search (default 40); KEEP=1 keeps the SQLite file.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import { benchConfig, multipart, OWNER_PASSWORD, PG_URL, server } from './common.js';
import { CUSTOMERS, customerCsv } from './generate.js';

const engine = (process.argv[2] ?? 'sqlite') as 'sqlite' | 'postgres';
const N = Number(process.env.N ?? 40);
const SCHEMA = 'bench_customer_search';
const SEARCHES = ['ade', 'bayo', 'okonkwo', 'chinedu okafor', 'nkwo', '0000123', '4567', 'example'];

const dir = mkdtempSync(path.join(tmpdir(), 'tillbook-customer-search-'));
if (engine === 'postgres') {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  await client.query(`drop schema if exists ${SCHEMA} cascade`);
  await client.query(`create schema ${SCHEMA}`);
  await client.end();
}
const database =
  engine === 'sqlite'
    ? server.openDatabase(`sqlite:${path.join(dir, 'bench.db')}`)
    : server.openDatabase(PG_URL, { schema: SCHEMA, poolSize: 4 });
await server.migrateToLatest(database.db, engine === 'postgres' ? SCHEMA : undefined);
const app = await server.buildApp({
  config: benchConfig({ DATA_DIR: dir }),
  database,
  logger: false,
  serveWeb: false,
});
await app.ready();
const inject = async (method: string, url: string, opts: { token?: string; body?: object } = {}) => {
  const res = await app.inject({
    method: method as 'GET',
    url: `/api/v1${url}`,
    headers: opts.token ? { authorization: opts.token } : {},
    ...(opts.body ? { payload: opts.body } : {}),
  });
  return { status: res.statusCode, body: res.json() };
};

const email = 'owner@customer-search.bench';
const up = await inject('POST', '/user/signup', {
  body: {
    first_name: 'Bench',
    last_name: 'Owner',
    email,
    password: OWNER_PASSWORD,
    phone_number: '+2348030000000',
    country: 'Nigeria',
  },
});
const code = /\b(\d{6})\b/.exec(
  (
    await database.db
      .selectFrom('mail_outbox')
      .select('text')
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow()
  ).text,
)![1]!;
await inject('POST', '/user/verify-email', { body: { email, code } });
await inject('PUT', `/user/business-info/${up.body.data.id}`, {
  token: up.body.data.userToken,
  body: { business_name: 'Bench customers', country: 'Nigeria', state: 'Lagos' },
});
const token = (await inject('POST', '/user/signin', { body: { email, password: OWNER_PASSWORD } })).body.data
  .userToken as string;

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
if (engine === 'postgres') {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  await client.query(`drop schema if exists ${SCHEMA} cascade`);
  await client.end();
}
