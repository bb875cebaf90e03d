// Prints the SQL statements one POS order (3 lines, cash) runs, and the in-process cost of a
// whole order request, on a fresh SQLite file or PostgreSQL schema.
// Usage: node --conditions=source --import tsx bench/orders/explain.ts [sqlite|postgres]
// Env: N (orders timed, default 3000), CONCURRENCY (orders in flight, default 1),
//      PROFILE=file.cpuprofile, BACKGROUND_CHECKPOINT=0, GROUP_COMMIT=0,
//      STATEMENT_TIMES=1 (time per statement text), WAL_PAGES=1 (pages written per commit, by B-tree),
//      KEYED=1 (each order with its own Idempotency-Key, as the point of sale sends).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.js';
import { openDatabase } from '../../apps/server/src/db/connection.js';
import { CachedSqliteConnection } from '../../apps/server/src/db/sqlite-dialect.js';
import { migrateToLatest } from '../../apps/server/src/db/migrate.js';
import { rollUpWaitingSalesFigures } from '../../apps/server/src/modules/reports/sales-figures.js';
import { benchConfig, Capture, PG_URL } from '../catalogue/common.js';

const engine = (process.argv[2] ?? 'sqlite') as 'sqlite' | 'postgres';
const schema = 'bench_orders_explain';
if (engine === 'postgres') {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  await client.query(`drop schema if exists ${schema} cascade; create schema ${schema}`);
  await client.end();
}
const url =
  engine === 'sqlite'
    ? `sqlite:${path.join(mkdtempSync(path.join(tmpdir(), 'orders-explain-')), 'app.db')}`
    : PG_URL;
const capture = new Capture();
const database = openDatabase(url, {
  log: capture.log,
  backgroundCheckpoint: process.env.BACKGROUND_CHECKPOINT !== '0',
  groupCommit: process.env.GROUP_COMMIT !== '0',
  ...(engine === 'postgres' ? { schema } : {}),
});
await migrateToLatest(database.db, engine === 'postgres' ? schema : undefined);
const app = await buildApp({
  // ROLLUP_SECONDS: how often the sales figures' changes are rolled up in the background (the
  // app's default 1; 0 leaves them all to one timed roll-up after the timed orders).
  config: benchConfig({
    SIGNUP_MAX_PER_IP_HOUR: '1000',
    ...(process.env.ROLLUP_SECONDS ? { SALES_FIGURES_ROLLUP_SECONDS: process.env.ROLLUP_SECONDS } : {}),
  }),
  database,
  logger: false,
  serveWeb: false,
});
await app.ready();

const call = async (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
  token?: string,
  headers: Record<string, string> = {},
) => {
  const res = await app.inject({
    method,
    url: `/api/v1${url}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { ...headers, ...(token ? { authorization: token } : {}) },
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json().data;
};
const email = `explain.${Date.now()}@example.ng`;
const user = await call('POST', '/user/signup', {
  first_name: 'Bench',
  last_name: 'Owner',
  email,
  password: 'bench-pass-42',
  phone_number: '+2348030000000',
  country: 'Nigeria',
});
await call(
  'PUT',
  `/user/business-info/${user.id}`,
  { business_name: 'Bench Provisions', country: 'Nigeria', state: 'Lagos' },
  user.userToken,
);
const token = (await call('POST', '/user/signin', { email, password: 'bench-pass-42' })).userToken as string;
const products: string[] = [];
for (let i = 0; i < 150; i++) {
  const p = await call(
    'POST',
    '/product/create',
    { name: `Bench product ${i}`, price: 10_000 + i * 50, quantity: 100_000_000 },
    token,
  );
  products.push(p.id);
}
const order = () => {
  const picked = new Set<string>();
  while (picked.size < 3) picked.add(products[Math.floor(Math.random() * products.length)]!);
  return {
    items: [...picked].map((product_id) => ({ product_id, quantity: 1 + Math.floor(Math.random() * 3) })),
    payment_type: 'cash',
    channel: 'pos',
    amount_received: 10_000_000,
  };
};
const keyed = process.env.KEYED === '1';
const place = () =>
  call('POST', '/order', order(), token, keyed ? { 'idempotency-key': randomBytes(12).toString('hex') } : {});

await place();
capture.active = [];
await place();
const queries = capture.active;
capture.active = null;
process.stdout.write(`${queries.length} statements (besides begin/commit):\n`);
for (const q of queries) process.stdout.write(`  ${q.sql.slice(0, 160)}\n`);

const n = Number(process.env.N ?? 3000);
// STATEMENT_TIMES=1 (SQLite): the time each statement text took in the timed orders, the COMMITs
// and savepoints included, to see where the database's share of an order goes.
const statementTimes = new Map<string, { calls: number; ns: bigint }>();
if (process.env.STATEMENT_TIMES === '1' && engine === 'sqlite') {
  const timed = <A extends unknown[], R>(key: (...a: A) => string, fn: (...a: A) => R) =>
    function (this: unknown, ...a: A): R {
      const t = process.hrtime.bigint();
      try {
        return fn.apply(this, a);
      } finally {
        const k = key(...a).slice(0, 140);
        const s = statementTimes.get(k) ?? { calls: 0, ns: 0n };
        s.calls++;
        s.ns += process.hrtime.bigint() - t;
        statementTimes.set(k, s);
      }
    };
  const proto = CachedSqliteConnection.prototype;
  proto.run = timed((q: { sql: string }) => q.sql, proto.run);
  proto.exec = timed((sql: string) => sql, proto.exec);
}
for (let i = 0; i < 300; i++) await place();
// With the background roll-up off, the warm-up's changes are rolled up now: the timed roll-up
// below then adds up the timed orders' changes alone, with its code already warm.
if (process.env.ROLLUP_SECONDS === '0') await rollUpWaitingSalesFigures(database.db);
const inspector = await import('node:inspector/promises');
const session = new inspector.Session();
if (process.env.PROFILE) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
}
statementTimes.clear();
// WAL_PAGES=1 (SQLite): which B-trees the timed orders' commits wrote pages of. A reader holds a
// snapshot so that no checkpoint can restart the WAL, and the frames after it are counted.
const walFile = engine === 'sqlite' ? `${url.slice('sqlite:'.length)}-wal` : '';
let walReader: Sqlite.Database | undefined;
let walStart = 0;
if (process.env.WAL_PAGES === '1' && engine === 'sqlite') {
  walReader = new Sqlite(url.slice('sqlite:'.length));
  walReader.exec('begin');
  walReader.prepare('select count(*) from counters').get();
  walStart = walFrames(walFile).length;
}
// On PostgreSQL: the WAL the timed orders wrote (all of it: the machine's database is this
// bench's alone while it runs), a measure of the database's work that does not drift with the
// machine's speed.
const walLsn = async () => {
  if (engine !== 'postgres') return null;
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  const { rows } = await client.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
  await client.end();
  return rows[0]!.lsn;
};
const lsn0 = await walLsn();
const cpu0 = process.cpuUsage();
const t0 = performance.now();
// CONCURRENCY orders in flight at a time, as from that many tills.
const concurrency = Number(process.env.CONCURRENCY ?? 1);
for (let i = 0; i < n; i += concurrency) await Promise.all(Array.from({ length: concurrency }, place));
const wall = ((performance.now() - t0) * 1000) / n;
const cpu = process.cpuUsage(cpu0);
process.stdout.write(
  `whole order through inject: ${wall.toFixed(0)} µs wall, ${((cpu.user + cpu.system) / n).toFixed(0)} µs CPU (main thread and workers)\n`,
);
if (process.env.ROLLUP_SECONDS === '0') {
  const profiled = process.env.PROFILE_ROLLUP ? new inspector.Session() : null;
  if (profiled) {
    profiled.connect();
    await profiled.post('Profiler.enable');
    await profiled.post('Profiler.setSamplingInterval', { interval: 100 });
    await profiled.post('Profiler.start');
  }
  const c0 = process.cpuUsage();
  const r0 = performance.now();
  await rollUpWaitingSalesFigures(database.db);
  const c1 = process.cpuUsage(c0);
  if (profiled) {
    const { profile } = await profiled.post('Profiler.stop');
    (await import('node:fs')).writeFileSync(process.env.PROFILE_ROLLUP!, JSON.stringify(profile));
  }
  process.stdout.write(
    `roll-up of the ${n} orders' changes: ${(performance.now() - r0).toFixed(1)} ms wall, ${((c1.user + c1.system) / 1000).toFixed(1)} ms CPU\n`,
  );
}
if (lsn0) {
  const lsn1 = await walLsn();
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  const { rows } = await client.query<{ bytes: string }>('select pg_wal_lsn_diff($1, $2)::text as bytes', [
    lsn1,
    lsn0,
  ]);
  const stats = await client.query<{ relname: string; upd: string; hot: string }>(
    `select relname, n_tup_upd::text as upd, n_tup_hot_upd::text as hot from pg_stat_user_tables
      where schemaname = $1 and n_tup_upd > 0 order by relname`,
    [schema],
  );
  await client.end();
  process.stdout.write(`WAL: ${(Number(rows[0]!.bytes) / n).toFixed(0)} bytes per order\n`);
  for (const r of stats.rows)
    process.stdout.write(`  ${r.relname}: ${r.upd} updates, ${r.hot} of them HOT (statistics may lag)\n`);
}
if (walReader) {
  const frames = walFrames(walFile).slice(walStart);
  walReader.exec('commit');
  const names = new Map<number, string>();
  for (const r of walReader.prepare('select name, pageno from dbstat').all() as {
    name: string;
    pageno: number;
  }[])
    names.set(r.pageno, r.name);
  const commits = frames.filter((f) => f.commit).length;
  process.stdout.write(
    `WAL: ${frames.length} frames in ${commits} commits: ${(frames.length / n).toFixed(1)} pages per order, ${(frames.length / commits).toFixed(1)} per commit\n`,
  );
  const byTree = new Map<string, number>();
  for (const f of frames)
    byTree.set(
      names.get(f.page) ?? `page ${f.page}`,
      (byTree.get(names.get(f.page) ?? `page ${f.page}`) ?? 0) + 1,
    );
  for (const [tree, count] of [...byTree].sort((a, b) => b[1] - a[1]).slice(0, 80))
    process.stdout.write(`  ${(count / commits).toFixed(1).padStart(6)} per commit  ${tree}\n`);
  walReader.close();
}
if (statementTimes.size) {
  const rows = [...statementTimes].sort((a, b) => Number(b[1].ns - a[1].ns));
  for (const [sql, s] of rows)
    process.stdout.write(
      `${(Number(s.ns) / 1000 / n).toFixed(1).padStart(7)} µs/order ${String(s.calls).padStart(6)} calls  ${sql}\n`,
    );
}
if (process.env.PROFILE) {
  const { profile } = await session.post('Profiler.stop');
  (await import('node:fs')).writeFileSync(process.env.PROFILE, JSON.stringify(profile));
}
await app.close();
await database.destroy();

/** The valid frames of a WAL file (their salts match the header's), in order. */
function walFrames(file: string): { page: number; commit: boolean }[] {
  const buf = readFileSync(file);
  const pageSize = buf.readUInt32BE(8);
  const salt1 = buf.readUInt32BE(16);
  const salt2 = buf.readUInt32BE(20);
  const frames: { page: number; commit: boolean }[] = [];
  for (let at = 32; at + 24 + pageSize <= buf.length; at += 24 + pageSize) {
    if (buf.readUInt32BE(at + 8) !== salt1 || buf.readUInt32BE(at + 12) !== salt2) break;
    frames.push({ page: buf.readUInt32BE(at), commit: buf.readUInt32BE(at + 4) !== 0 });
  }
  return frames;
}
