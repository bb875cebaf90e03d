// Plain PostgreSQL against Citus with 1 and 2 workers, in one run on one machine (issue 29):
// bench:orders' order throughput (3-line POS orders, bench/orders/shop.mjs, 10 connections) and
// the catalogue's product list (GET /api/v1/product/paginated/results, 10-row page 1, in a store
// of 100,000 products made by bench/catalogue/generate.ts through the import endpoint).
//
// Run: npm run build && CITUS_TOOLS=<folder with cluster.sh> taskset -c 1 node bench/citus/compare.mjs
//      (or CITUS_TOOLS=<folder with cluster.sh> npm run bench:citus, which does both)
// CITUS_TOOLS: the folder with the workplace's cluster.sh (required; never guessed).
// Each Citus cluster is started fresh in a temporary folder (coordinator on CITUS_PORT, 5520, and
// workers after it; the 2-worker cluster on CITUS_PORT+5.., or the next free ports) and stopped at
// the end; PostgreSQL
// gets a fresh database on BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/test), dropped after.
// The servers run on core SERVER_CPU (0), this load generator on the core it was started on
// (taskset -c 1), the databases on every core. All engines are set up first, then each round
// measures every engine (their order turning each round), so a drift of the machine's speed
// falls on all of them; the table gives the medians of the rounds.
// Env: ENGINES (postgres,citus1,citus2), ROUNDS (3), DURATION (s, 10), WARMUP (s, 5),
//      CONNECTIONS (10), LIST_SECONDS (8), LIST_CONNECTIONS (16), BENCH_PRODUCTS (100000),
//      PORT (3470), SERVER_CPU (0), SHARD_COUNT (Citus's default 32),
//      REF (a commit to measure instead of this checkout: built in a temporary worktree),
//      SERVER_ROOT (another checkout, already built, to measure instead of this one),
//      OUT (a file to write the results to as JSON).
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  ALL_CPUS,
  citusTools,
  databaseCpu,
  databaseCpuSince,
  freshPostgres,
  logErrors,
  median,
  openLoop,
  orderLoad,
  query,
  reachable,
  removeCheckout,
  serverUnderTest,
  root,
  signIn,
  startCluster,
  startServer,
  withSchema,
} from './lib.mjs';
import { setUpStore } from '../orders/shop.mjs';
import { cpuMsOf } from '../lib.mjs';

const ENGINES = (process.env.ENGINES ?? 'postgres,citus1,citus2').split(',').filter(Boolean);
const ROUNDS = Math.max(1, Number(process.env.ROUNDS ?? 3));
const DURATION = Number(process.env.DURATION ?? 10);
const WARMUP = Number(process.env.WARMUP ?? 5);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const LIST_SECONDS = Number(process.env.LIST_SECONDS ?? 8);
const LIST_CONNECTIONS = Number(process.env.LIST_CONNECTIONS ?? 16);
const PORT = Number(process.env.PORT ?? 3470);
const SERVER_CPU = Number(process.env.SERVER_CPU ?? 0);
const CITUS_PORT = Number(process.env.CITUS_PORT ?? 5520);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const LOGS = path.join(root, 'bench/.data/citus');
mkdirSync(LOGS, { recursive: true });

if (ENGINES.some((e) => e.startsWith('citus'))) citusTools();
const started = new Date();
const { serverRoot, worktree, commit, dirty } = serverUnderTest('tillbook-citus-ref');
console.log(
  `server: ${serverRoot} at ${commit.slice(0, 10)}${dirty ? ' (with uncommitted changes in apps/ or packages/)' : ''}; ${cpus().length} cores (${cpus()[0]?.model}); ${ROUNDS} rounds`,
);

/** Makes the catalogue store (100,000 products by import) in schema bench_catalogue of `url`. */
function makeCatalogue(url, label) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'taskset',
      [
        '-c',
        ALL_CPUS,
        process.execPath,
        '--conditions=source',
        '--import',
        'tsx',
        path.join(root, 'bench/citus/catalogue-data.ts'),
      ],
      {
        cwd: serverRoot,
        env: {
          ...process.env,
          BENCH_DATABASE_URL: url,
          BENCH_CUSTOMERS: '0',
          CATALOGUE_ROOT: serverRoot,
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      for (const line of String(chunk).split('\n'))
        if (line.trim() && !line.startsWith('INFO ')) console.log(`  ${label}:${line}`);
    });
    child.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('INFO '));
      if (code === 0 && line) resolve(JSON.parse(line.slice(5)));
      else reject(new Error(`catalogue data for ${label}: exit ${code}`));
    });
  });
}

const engines = [];
const results = [];
try {
  // Set-up: a database per engine, the order bench's store, the catalogue's store.
  for (const [i, name] of ENGINES.entries()) {
    const t0 = Date.now();
    const engine = { name, log: path.join(LOGS, `compare-${name}.log`), notes: [] };
    writeFileSync(engine.log, '');
    if (name === 'postgres') {
      if (!(await reachable(PG_URL))) {
        console.log(`postgres: ${PG_URL} not reachable, skipped`);
        continue;
      }
      const database = await freshPostgres(PG_URL);
      engine.url = database.url;
      engine.cpu = database.cpu;
      engine.stop = database.drop;
    } else {
      const workers = Number(name.replace('citus', ''));
      const cluster = await startCluster(workers, CITUS_PORT + 5 * i);
      engine.url = cluster.url;
      engine.cpu = cluster.cpu;
      engine.stop = async () => cluster.stop();
    }
    engines.push(engine);
    // The first start migrates (on Citus: distributes the tables).
    const server = await startServer({ port: PORT, databaseUrl: engine.url, serverRoot, log: engine.log });
    engine.ready = server.ready.engine;
    try {
      engine.shop = await setUpStore(server.base);
    } catch (error) {
      engine.notes.push(`order store not set up: ${error.message.slice(0, 300)}`);
    } finally {
      await server.stop();
    }
    const t1 = Date.now();
    try {
      engine.catalogue = await makeCatalogue(engine.url, name);
      await query(withSchema(engine.url, 'bench_catalogue'), 'vacuum analyze');
    } catch (error) {
      engine.notes.push(`catalogue not generated: ${error.message.slice(0, 300)}`);
    }
    console.log(
      `${name}: ${JSON.stringify(engine.ready)}; set up in ${((Date.now() - t0) / 1000).toFixed(0)} s (catalogue ${((Date.now() - t1) / 1000).toFixed(0)} s)${engine.notes.length ? `; ${engine.notes.join('; ')}` : ''}`,
    );
  }

  for (let round = 0; round < ROUNDS; round++) {
    const order = engines.map((_, i) => engines[(i + round) % engines.length]);
    for (const engine of order) {
      const r = { engine: engine.name, round: round + 1 };
      if (engine.shop) {
        const server = await startServer({
          port: PORT,
          databaseUrl: engine.url,
          serverRoot,
          cpu: SERVER_CPU,
          log: engine.log,
        });
        const url = `${server.base}/api/v1/order`;
        const { token, productIds } = engine.shop;
        await orderLoad(url, token, productIds, WARMUP, { connections: CONNECTIONS });
        r.orders = await orderLoad(url, token, productIds, DURATION, {
          connections: CONNECTIONS,
          pid: server.pid,
          database: engine.cpu,
        });
        await server.stop();
      }
      if (engine.catalogue) {
        const server = await startServer({
          port: PORT,
          databaseUrl: withSchema(engine.url, 'bench_catalogue'),
          serverRoot,
          cpu: SERVER_CPU,
          log: engine.log,
        });
        const { token } = await signIn(server.base, engine.catalogue.ownerEmail, engine.catalogue.password);
        const url = `${server.base}/api/v1/product/paginated/results/?page=1&perPage=10&storeId=${engine.catalogue.storeId}`;
        const headers = { authorization: token };
        await autocannon({ url, headers, connections: LIST_CONNECTIONS, duration: 2 });
        // CPU per request, where it goes: the app server and each database node.
        const dbBefore = await databaseCpu(engine.cpu);
        const serverBefore = cpuMsOf(server.pid);
        const t = await autocannon({ url, headers, connections: LIST_CONNECTIONS, duration: LIST_SECONDS });
        const serverMs = cpuMsOf(server.pid) - serverBefore;
        const dbUsed = await databaseCpuSince(engine.cpu, dbBefore);
        // Latency at half the rate it sustained (open loop), as the catalogue bench reads p50.
        const rate = Math.max(10, Math.floor((t['2xx'] / LIST_SECONDS) * 0.5));
        const l = await openLoop({ url, rate, seconds: LIST_SECONDS, headers });
        r.list = {
          ok: t['2xx'],
          perSecond: t['2xx'] / LIST_SECONDS,
          failed: t.non2xx + t.errors + t.timeouts,
          closedP50: t.latency.p50,
          serverCpuPerRequest: serverMs / Math.max(1, t['2xx']),
          databaseCpuPerRequest: dbUsed.total / Math.max(1, t['2xx']),
          databaseCpuPerRequestByNode: Object.fromEntries(
            Object.entries(dbUsed.byNode ?? {}).map(([node, ms]) => [node, ms / Math.max(1, t['2xx'])]),
          ),
          rate,
          p50: l.p50,
          p99: l.p99,
          latencyFailed: l.failed,
        };
        await server.stop();
      }
      results.push(r);
      console.log(
        `round ${r.round} ${engine.name.padEnd(8)} ` +
          (r.orders
            ? `orders ${r.orders.perSecond.toFixed(0)}/s p50 ${r.orders.p50} ms p99 ${r.orders.p99} ms (${r.orders.failed} failed; server CPU ${r.orders.cpuPerOrder.toFixed(2)} ms, database CPU ${r.orders.databaseCpuPerOrder.toFixed(2)} ms an order)`
            : 'orders -') +
          '; ' +
          (r.list
            ? `list ${r.list.perSecond.toFixed(0)} req/s (${r.list.failed} failed; server CPU ${r.list.serverCpuPerRequest.toFixed(2)} ms, database CPU ${r.list.databaseCpuPerRequest.toFixed(2)} ms a request ${JSON.stringify(
                Object.fromEntries(
                  Object.entries(r.list.databaseCpuPerRequestByNode).map(([k, v]) => [
                    k,
                    Number(v.toFixed(2)),
                  ]),
                ),
              )}); at ${r.list.rate}/s p50 ${r.list.p50.toFixed(2)} ms p99 ${r.list.p99.toFixed(2)} ms`
            : 'list -'),
      );
    }
  }

  // The books of the order store: stock equals the ledger, the ledger matches the order lines.
  for (const engine of engines) {
    engine.errors = logErrors(readFileSync(engine.log, 'utf8'));
    if (engine.ready?.engine === 'citus') {
      engine.placements = await query(
        engine.url,
        `select nodeport as port, count(*)::int as shards from citus_shards group by nodeport order by nodeport`,
      );
    }
    if (!engine.shop) continue;
    try {
      const [row] = await query(
        engine.url,
        `select count(*)::int as n from products p
         where p.store_id = $1 and (p.quantity <> (select coalesce(sum(quantity_change), 0) from stock_movements m
             where m.store_id = p.store_id and m.product_id = p.id)
           or (select coalesce(-sum(quantity_change), 0) from stock_movements m
               where m.store_id = p.store_id and m.product_id = p.id and m.reason = 'sale')
             <> (select coalesce(sum(quantity), 0) from order_items i where i.store_id = p.store_id and i.product_id = p.id))`,
        [engine.shop.storeId],
      );
      const [orders] = await query(engine.url, 'select count(*)::int as n from orders where store_id = $1', [
        engine.shop.storeId,
      ]);
      engine.books = { orders: orders.n, mismatched: row.n };
    } catch (error) {
      engine.books = { error: error.message };
    }
  }
} finally {
  for (const engine of engines) await engine.stop?.();
  if (worktree) removeCheckout(worktree);
}

const label = (name) =>
  name === 'postgres' ? 'PostgreSQL 15' : `Citus, ${name.slice(5)} worker${name.slice(5) === '1' ? '' : 's'}`;
// A run counts when at most 1% of its requests failed (a failure's latency is not a sale's).
const sound = (x) => x.failed + (x.latencyFailed ?? 0) <= 0.01 * (x.ok + x.failed);
const fmt = (v, digits = 0) => (Number.isFinite(v) ? v.toFixed(digits) : '-');
const lines = [
  `Run ${started.toISOString()}, ${commit.slice(0, 10)}${dirty ? ' + uncommitted changes' : ''}; medians of ${ROUNDS} round(s)`,
  `orders: ${CONNECTIONS} connections, ${DURATION} s (after ${WARMUP} s warm-up), CPU per order of the server (core ${SERVER_CPU}) and of the database's processes (every node); product list: page 1 of 10 rows, ${LIST_CONNECTIONS} connections for ${LIST_SECONDS} s, p50/p99 at half that rate (open loop)`,
  '',
  '| engine | orders/s | p50 ms | p99 ms | server CPU ms/order | database CPU ms/order | product list req/s | p50 ms | p99 ms |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
];
for (const engine of engines) {
  const mine = results.filter((r) => r.engine === engine.name);
  const o = (pick) => median(mine.filter((r) => r.orders && sound(r.orders)).map((r) => pick(r.orders)));
  // A run whose requests failed has no figures (a failure's latency is not a product list's).
  const l = (pick) => median(mine.filter((r) => r.list && sound(r.list)).map((r) => pick(r.list)));
  lines.push(
    `| ${label(engine.name)} | ${fmt(o((x) => x.perSecond))} | ${fmt(o((x) => x.p50))} | ${fmt(o((x) => x.p99))} | ${fmt(
      o((x) => x.cpuPerOrder),
      2,
    )} | ${fmt(
      o((x) => x.databaseCpuPerOrder),
      2,
    )} | ${fmt(l((x) => x.perSecond))} | ${fmt(
      l((x) => x.p50),
      2,
    )} | ${fmt(
      l((x) => x.p99),
      2,
    )} |`,
  );
}
lines.push('');
for (const engine of engines) {
  const failed = results
    .filter((r) => r.engine === engine.name)
    .reduce((n, r) => n + (r.orders?.failed ?? 0) + (r.list?.failed ?? 0), 0);
  const byNode = {};
  for (const r of results.filter((x) => x.engine === engine.name && x.orders && sound(x.orders)))
    for (const [node, ms] of Object.entries(r.orders.databaseCpuPerOrderByNode ?? {}))
      (byNode[node] ??= []).push(ms);
  lines.push(
    `${label(engine.name)}: database CPU ms/order by node (median): ${Object.entries(byNode)
      .map(([node, v]) => `${node} ${fmt(median(v), 2)}`)
      .join(', ')}`,
  );
  lines.push(
    `${label(engine.name)}: ${JSON.stringify(engine.ready)}; books ${JSON.stringify(engine.books ?? {})}; ${failed} failed requests` +
      (engine.placements
        ? `; shards per node ${engine.placements.map((p) => `${p.port}: ${p.shards}`).join(', ')}`
        : '') +
      (engine.notes.length ? `; ${engine.notes.join('; ')}` : ''),
  );
  for (const e of engine.errors ?? []) lines.push(`  server log: ${e.count}× ${e.message}`);
}
console.log(`\n${lines.join('\n')}`);
if (process.env.OUT)
  writeFileSync(process.env.OUT, JSON.stringify({ started, commit, dirty, engines, results }, null, 2));
