// Order creation throughput: POST /api/v1/order with 3-line orders (stock taken from tracked
// products by conditional updates, stock ledger rows, ORD- and PAY- numbers, payment, audit row)
// against the built server, beside a bare Fastify route running the same transaction through the
// same driver on the same database (bench/bare-order-server.mjs). SQLite always; PostgreSQL when
// reachable. The servers run on one core, this load generator on the other.
//
// Run: npm run bench:orders
// Env: DURATION (s, default 10), WARMUP (s, default 5), CONNECTIONS (default 10, the size of the
//      server's PostgreSQL pool), SERVER_CPU (0), ENGINES (sqlite,postgres),
//      BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/test), PORT (3401),
//      KEYED (1: an Idempotency-Key on every app order), ROUNDS (default 1: bare then app, this many times on the same database; with more than
//      one, each round is printed and then the median, since this machine's speed drifts by
//      10–20% from minute to minute),
//      PG_CLIENTS (pg: the app's PostgreSQL client libraries to run, comma-separated, e.g.
//      pg,postgres.js: each round runs the app once per client, their order alternating from
//      round to round; decision 0014), BARE (1; 0 skips the bare route).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { cpuMsByName, cpuMsOf, cpuMsSince, nodeArgs, root, startServer } from './lib.mjs';
import { LINES, orderBody, PRODUCTS, setUpStore } from './orders/shop.mjs';

const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const WARMUP = Number(process.env.WARMUP ?? 5);
const SERVER_CPU = Number(process.env.SERVER_CPU ?? 0);
const PORT = Number(process.env.PORT ?? 3401);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ENGINES = (process.env.ENGINES ?? 'sqlite,postgres').split(',');
const ROUNDS = Math.max(1, Number(process.env.ROUNDS ?? 1));
const PG_CLIENTS = (process.env.PG_CLIENTS ?? 'pg').split(',').filter(Boolean);
const BARE = process.env.BARE !== '0';
// KEYED=1: each app order carries a fresh Idempotency-Key, as the point of sale sends (the key's
// row is written with the sale). The bare route has no keys and ignores the header.
const KEYED = process.env.KEYED === '1';

async function load(url, token, productIds, duration, pid) {
  const cpuBefore = pid ? cpuMsOf(pid) : 0;
  const databaseBefore = cpuMsByName('postgres');
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
        setupRequest: (req) => ({
          ...req,
          body: orderBody(productIds),
          ...(KEYED
            ? { headers: { ...req.headers, 'idempotency-key': randomBytes(12).toString('hex') } }
            : {}),
        }),
      },
    ],
  });
  return {
    ok: result['2xx'],
    failed: result.non2xx + result.errors + result.timeouts,
    perSecond: result['2xx'] / duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // Server CPU per accepted order: what the figures cost, whatever else shares the machine.
    cpuPerOrder: pid && result['2xx'] ? (cpuMsOf(pid) - cpuBefore) / result['2xx'] : NaN,
    // PostgreSQL's CPU per accepted order (its server processes, on whichever core they ran).
    databaseCpuPerOrder: result['2xx'] ? cpuMsSince('postgres', databaseBefore) / result['2xx'] : NaN,
  };
}

function startBare(databaseUrl, storeId) {
  const child = spawn(
    'taskset',
    [
      '-c',
      String(SERVER_CPU),
      process.execPath,
      ...nodeArgs(),
      path.join(root, 'bench/bare-order-server.mjs'),
    ],
    {
      cwd: root,
      env: { ...process.env, PORT: String(PORT + 1), DATABASE_URL: databaseUrl, STORE_ID: storeId },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${PORT + 1}`;
  return (async () => {
    for (let i = 0; i < 100; i++) {
      try {
        if ((await fetch(`${base}/ready`)).ok) {
          return {
            base,
            pid: child.pid,
            stop: () =>
              new Promise((resolve) => {
                child.once('exit', resolve);
                child.kill('SIGTERM');
              }),
          };
        }
      } catch {
        /* not up yet */
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    child.kill('SIGKILL');
    throw new Error('bare server did not start');
  })();
}

/** Checks the books after the runs: each product's stock equals its ledger, and the ledger matches the order lines. */
async function audit(query) {
  const mismatched = await query(`
    select count(*) as n from products p
    where p.quantity <> (select coalesce(sum(quantity_change), 0) from stock_movements m where m.product_id = p.id)
       or (select coalesce(-sum(quantity_change), 0) from stock_movements m where m.product_id = p.id and m.reason = 'sale')
          <> (select coalesce(sum(quantity), 0) from order_items i where i.product_id = p.id)`);
  const orders = await query('select count(*) as n from orders');
  return { mismatched: Number(mismatched), orders: Number(orders) };
}

async function runEngine(engine) {
  let databaseUrl;
  let dropDatabase = async () => {};
  if (engine === 'postgres') {
    const name = `tillbook_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(PG_URL);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }

  let server = await startServer({ port: PORT, databaseUrl, cpu: SERVER_CPU });
  const dataDirs = [server.dataDir];
  databaseUrl ??= `sqlite:${path.join(server.dataDir, 'app.db')}`;
  const env = { DATABASE_URL: databaseUrl };
  try {
    const { token, storeId, productIds } = await setUpStore(server.base);
    await server.stop();

    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      const results = {};
      // Bare first, then the app (once per client library on PostgreSQL), each warmed up, on
      // the same database and core.
      if (BARE) {
        const bare = await startBare(databaseUrl, storeId);
        await load(`${bare.base}/order`, null, productIds, WARMUP);
        results.bare = await load(`${bare.base}/order`, null, productIds, DURATION, bare.pid);
        await bare.stop();
      }
      const clients = engine === 'postgres' ? PG_CLIENTS : ['pg'];
      for (const client of round % 2 ? [...clients].reverse() : clients) {
        server = await startServer({
          port: PORT,
          databaseUrl,
          cpu: SERVER_CPU,
          env: { ...env, PG_CLIENT: client },
        });
        dataDirs.push(server.dataDir);
        await load(`${server.base}/api/v1/order`, token, productIds, WARMUP);
        results[appKey(client)] = await load(
          `${server.base}/api/v1/order`,
          token,
          productIds,
          DURATION,
          server.pid,
        );
        await server.stop();
        server = null;
      }
      rounds.push(results);
    }

    let books;
    if (engine === 'postgres') {
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      books = await audit(async (sql) => (await c.query(sql)).rows[0].n);
      await c.end();
    } else {
      const { default: Database } = await import('better-sqlite3');
      const db = new Database(databaseUrl.slice('sqlite:'.length), { readonly: true });
      books = await audit(async (sql) => db.prepare(sql).get().n);
      db.close();
    }
    return { engine, rounds, books };
  } finally {
    if (server) await server.stop();
    await dropDatabase();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
}

/** The app's results under `app`, or `app <client>` for a client other than pg. */
function appKey(client) {
  return client === 'pg' ? 'app' : `app ${client}`;
}

const fmt = (r, engine) =>
  `${r.perSecond.toFixed(0).padStart(6)} orders/s  p50 ${String(r.p50).padStart(3)} ms  p99 ${String(r.p99).padStart(3)} ms  server CPU ${r.cpuPerOrder.toFixed(3)} ms/order${engine === 'postgres' ? `  PostgreSQL CPU ${r.databaseCpuPerOrder.toFixed(3)} ms/order` : ''}  (${r.ok} ok, ${r.failed} failed)`;

console.log(
  `order creation: ${LINES}-line POS orders${KEYED ? ' with an Idempotency-Key each' : ''} over ${PRODUCTS} tracked products, ${CONNECTIONS} connections, ${DURATION} s per run; server on CPU ${SERVER_CPU}`,
);
for (const engine of ENGINES) {
  if (engine === 'postgres') {
    try {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.end();
    } catch {
      console.log('postgres: not reachable, skipped');
      continue;
    }
  }
  const r = await runEngine(engine);
  const clients = engine === 'postgres' ? PG_CLIENTS : ['pg'];
  const kinds = [...clients.map(appKey), ...(BARE ? ['bare'] : [])];
  const line = (results, label) => {
    for (const kind of kinds)
      console.log(`${label.padEnd(8)} ${kind.padEnd(16)} ${fmt(results[kind], engine)}`);
  };
  if (r.rounds.length === 1) line(r.rounds[0], engine);
  else r.rounds.forEach((results, i) => line(results, `${engine} ${i + 1}`));
  const median = (pick) => {
    const values = r.rounds.map(pick).sort((a, b) => a - b);
    const mid = Math.floor(values.length / 2);
    return values.length % 2 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
  };
  const medians = Object.fromEntries(kinds.map((kind) => [kind, median((x) => x[kind].perSecond)]));
  if (r.rounds.length > 1) {
    const parts = kinds.map(
      (kind) => `${kind} ${medians[kind].toFixed(0)} orders/s, p99 ${median((x) => x[kind].p99)} ms`,
    );
    console.log(`${engine.padEnd(8)} median of ${r.rounds.length}: ${parts.join('; ')}`);
  }
  const ratios = [
    ...(BARE ? [`app/bare ${(medians.app / medians.bare).toFixed(2)}x`] : []),
    ...clients
      .filter((c) => c !== 'pg')
      .map((c) => `${appKey(c)}/app ${(medians[appKey(c)] / medians.app).toFixed(2)}x`),
  ];
  console.log(
    `${engine.padEnd(8)} ${ratios.join('; ')}${ratios.length ? '; ' : ''}books: ${r.books.orders} orders, ${r.books.mismatched} products whose stock, ledger and order lines disagree`,
  );
}
