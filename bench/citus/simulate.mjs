// Many stores on Citus (issue 29): STORES stores (10,000) of ORDERS orders (1,000) each on a
// fresh 2-worker cluster, then where the rows went (per worker) and the p95 latency of the
// dashboard and of a sale (POST /api/v1/order) for random stores, through the real server.
//
// How the data is made:
// 1. The built server migrates the fresh coordinator (migration 0022 distributes the tables).
// 2. Through the API (sign-up and products as bench/orders/shop.mjs, then POST /order, 10 at a
//    time): a template store with ORDERS sales and one with SMALL_ORDERS (100), then API_STORES
//    (20) stores, the ones the latencies are measured on, with ORDERS sales each, or as many as
//    SELL_MINUTES (10) allows. Every row the app writes for a sale is there: order, lines,
//    payment, stock ledger, audit, counters, sales figures.
// 3. In SQL, the other STORES − API_STORES stores are copies of a template: an owner (users)
//    and a store (stores) each through the coordinator, then every distributed table's rows of
//    the template with the new store_id (ids are unique within a store since migration 0022, so
//    the copies keep them). The first PROBE (20) stores go through the coordinator (INSERT …
//    SELECT), timed; the rest straight into the shards: each worker gets the template's rows and
//    writes into each of its shards the stores whose store_id hashes into that shard's range
//    (worker_hash, Citus's own), both workers at once, BATCH (500) stores at a time. The first
//    batch (at most 100 stores) is timed: when the whole would take more than BUDGET_MINUTES
//    (25), the remaining stores are copies of the SMALL_ORDERS template, and the report says so.
// 4. Rows per worker (run_command_on_shards, citus_shards), then with the server on its own core:
//    sales, then whole dashboards (the dashboard page's 8 calls at once), each for a random
//    measured store: first what the server sustains (closed loop, 10 s), then the latency for
//    SECONDS (30) at a fixed rate (open loop): SALE_RATE (20/s) and DASHBOARD_RATE (2/s), or 60% of
//    what it sustained when that is lower; then each dashboard call alone at SINGLE_RATE (20/s).
// 5. One measured store's shard group moves to the other worker (citus_move_shard_placement,
//    MOVE_MODE block_writes) while it gets 5 sales a second: how long, how big, what the sales saw.
//
// Run: npm run build && CITUS_TOOLS=<folder with cluster.sh> taskset -c 1 node bench/citus/simulate.mjs
// Env: STORES (10000), ORDERS (1000), API_STORES (20), SMALL_ORDERS (100), SELL_MINUTES (10),
//      PROBE (20), BATCH (500), BUDGET_MINUTES (25), SALE_RATE (20), DASHBOARD_RATE (2),
//      SINGLE_RATE (20), SECONDS (30), MOVE_MODE (block_writes; none skips the move), CITUS_PORT (5540, or the next free ports), PORT (3490), SERVER_CPU (0), SHARD_COUNT
//      (Citus's 32), REF / SERVER_ROOT (as compare.mjs), KEEP_CLUSTER (1: leave it running and
//      print its folder), OUT (JSON results).
import { mkdirSync, readFileSync, statfsSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { cpus } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { orderBody, setUpStore } from '../orders/shop.mjs';
import { cpuMsOf } from '../lib.mjs';
import {
  citusTools,
  closedLoop,
  databaseCpu,
  databaseCpuSince,
  logErrors,
  openLoop,
  removeCheckout,
  serverUnderTest,
  request,
  root,
  startCluster,
  startServer,
} from './lib.mjs';

const STORES = Number(process.env.STORES ?? 10_000);
const ORDERS = Number(process.env.ORDERS ?? 1000);
const API_STORES = Number(process.env.API_STORES ?? 20);
const SMALL_ORDERS = Number(process.env.SMALL_ORDERS ?? 100);
const BATCH = Number(process.env.BATCH ?? 500);
const PROBE = Number(process.env.PROBE ?? 20);
const BUDGET_MINUTES = Number(process.env.BUDGET_MINUTES ?? 25);
const SALE_RATE = Number(process.env.SALE_RATE ?? 20);
const DASHBOARD_RATE = Number(process.env.DASHBOARD_RATE ?? 2);
const SECONDS = Number(process.env.SECONDS ?? 30);
const SINGLE_RATE = Number(process.env.SINGLE_RATE ?? 20);
// How the store is moved at the end: block_writes (COPY; the cluster's wal_level is replica, which
// logical moves need), force_logical, or none.
const MOVE_MODE = process.env.MOVE_MODE ?? 'block_writes';
const SELL_MINUTES = Number(process.env.SELL_MINUTES ?? 10);
let full_orders_made = 0;
let small_orders_made = 0;
const CITUS_PORT = Number(process.env.CITUS_PORT ?? 5540);
const PORT = Number(process.env.PORT ?? 3490);
const SERVER_CPU = Number(process.env.SERVER_CPU ?? 0);
const LOGS = path.join(root, 'bench/.data/citus');
mkdirSync(LOGS, { recursive: true });
const log = path.join(LOGS, 'simulate.log');
writeFileSync(log, '');

citusTools();
const started = new Date();
const { serverRoot, worktree, commit, dirty } = serverUnderTest('tillbook-citus-sim');
const say = (text) => console.log(`[${((performance.now() - t0) / 1000).toFixed(0).padStart(5)} s] ${text}`);
const t0 = performance.now();
say(
  `server ${serverRoot} at ${commit.slice(0, 10)}${dirty ? ' + uncommitted changes' : ''}; ${cpus().length} cores (${cpus()[0]?.model}); goal ${STORES} stores × ${ORDERS} orders`,
);

/**
 * Posts `count` sales to each store, 10 at a time, the stores taken in turn; stops at `deadline`
 * (ms, performance.now()). A sale answered 409 ("made at the same moment, try again", a deadlock
 * the database broke) is sent again, as a till would, up to 5 times. Resolves with the answers
 * other than 201 by status (retries included) and the sales made per store.
 */
async function sell(base, shops, count, deadline = Infinity) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const queue = [];
  for (let i = 0; i < count; i++) queue.push(...shops);
  const failures = {};
  const made = new Map(shops.map((shop) => [shop, 0]));
  let next = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < queue.length && performance.now() < deadline) {
        const shop = queue[next++];
        for (let attempt = 1; attempt <= 6; attempt++) {
          const status = await request(agent, `${base}/api/v1/order`, {
            method: 'POST',
            headers: { authorization: shop.token },
            body: orderBody(shop.productIds),
          });
          if (status === 201 || status === 200) {
            made.set(shop, made.get(shop) + 1);
            break;
          }
          failures[status] = (failures[status] ?? 0) + 1;
          if (status !== 409) break;
        }
      }
    }),
  );
  agent.destroy();
  return { failures, made: [...made.values()] };
}

const DAY_MS = 86_400_000;
const today = new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
const weekAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 6 * DAY_MS).toISOString().slice(0, 10);
/** The dashboard page's calls (apps/web/src/features/dashboard, as bench/insight times them). */
const DASHBOARD = [
  '/dashBoard/total-sales',
  '/dashBoard/today-sales',
  '/dashBoard/total-customers',
  '/dashBoard/total-order',
  '/dashBoard/customers?limit=5',
  '/dashBoard/product-sale?limit=5',
  '/dashBoard/recent-orders?limit=10',
  `/dashBoard/filter/sales?from=${weekAgo}&to=${today}`,
];

const cluster = await startCluster(2, CITUS_PORT);
const report = { started, commit, dirty, goal: { stores: STORES, orders: ORDERS } };
let server;
try {
  // 1–2: migrate, and the stores made through the API.
  server = await startServer({ port: PORT, databaseUrl: cluster.url, serverRoot, log });
  say(`migrated: ${JSON.stringify(server.ready.engine)}`);
  const template = await setUpStore(server.base);
  const small = await setUpStore(server.base);
  const shops = [];
  for (let i = 0; i < API_STORES; i++) shops.push(await setUpStore(server.base));
  say(`${API_STORES + 2} stores of 150 products made through the API`);
  const s0 = performance.now();
  const templates = await sell(server.base, [template], ORDERS);
  const smalls = await sell(server.base, [small], SMALL_ORDERS);
  const templateSeconds = (performance.now() - s0) / 1000;
  say(
    `templates: ${templates.made[0]} and ${smalls.made[0]} sales through the API in ${templateSeconds.toFixed(0)} s (${((templates.made[0] + smalls.made[0]) / templateSeconds).toFixed(1)} sales/s)`,
  );
  // The measured stores get ORDERS sales each, unless that would take more than SELL_MINUTES.
  const s1 = performance.now();
  const measured = await sell(server.base, shops, ORDERS, s1 + SELL_MINUTES * 60_000);
  const failures = { ...templates.failures, ...smalls.failures };
  for (const [k, v] of Object.entries(measured.failures)) failures[k] = (failures[k] ?? 0) + v;
  const sold = templates.made[0] + smalls.made[0] + measured.made.reduce((a, b) => a + b, 0);
  report.apiSales = {
    orders: sold,
    seconds: (performance.now() - s0) / 1000,
    perSecond: sold / ((performance.now() - s0) / 1000),
    failures,
    perMeasuredStore: { min: Math.min(...measured.made), max: Math.max(...measured.made) },
  };
  say(
    `${API_STORES} measured stores: ${report.apiSales.perMeasuredStore.min}–${report.apiSales.perMeasuredStore.max} sales each in ${((performance.now() - s1) / 1000).toFixed(0)} s${Object.keys(failures).length ? `; failed: ${JSON.stringify(failures)}` : ''}`,
  );
  if (!templates.made[0]) throw new Error('no sale went through: see the server log');
  full_orders_made = templates.made[0];
  small_orders_made = smalls.made[0];

  const db = new pg.Client({ connectionString: cluster.url });
  await db.connect();
  const rows = async (text, values) => (await db.query(text, values)).rows;
  // The sales figures' waiting changes rolled up (the server does it every 2 s) before copying.
  for (let i = 0; i < 120; i++) {
    const [{ n }] = await rows('select count(*)::int as n from sales_figure_changes');
    if (!n) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  await server.stop();
  server = null;

  // 3: the other stores, copies of a template, in SQL on the coordinator.
  const tables = (
    await rows(
      `select logicalrelid::regclass::text as name from pg_dist_partition where partmethod = 'h' order by 1`,
    )
  ).map((r) => r.name);
  const parents = new Map(tables.map((t) => [t, new Set()]));
  for (const r of await rows(
    `select conrelid::regclass::text as child, confrelid::regclass::text as parent
     from pg_constraint where contype = 'f' and conrelid <> confrelid`,
  ))
    if (parents.has(r.child) && parents.has(r.parent)) parents.get(r.child).add(r.parent);
  const ordered = [];
  const visit = (t) => {
    if (ordered.includes(t)) return;
    for (const p of parents.get(t)) visit(p);
    ordered.push(t);
  };
  tables.forEach(visit);
  const columns = new Map();
  for (const t of ordered) {
    columns.set(
      t,
      await rows(
        `select column_name as name, identity_generation as identity from information_schema.columns
         where table_schema = current_schema() and table_name = $1 and is_generated = 'NEVER'
         order by ordinal_position`,
        [t],
      ),
    );
  }
  const [owner] = await rows('select owner_user_id as id from stores where id = $1', [template.storeId]);
  const storeId = (n) => `(lpad(to_hex(${n}), 8, '0') || '-5eed-7000-8000-000000000000')`;
  const userId = (n) => `(lpad(to_hex(${n}), 8, '0') || '-5eed-7000-9000-000000000000')`;
  const userColumn = /(^|_)user_id$|^invited_by$|^actor_id$|_by$/;
  const quote = (name) => `"${name}"`;
  /** A copied row's values: the store's id and, where the template's owner was, the new owner. */
  const copiedValues = (t, from, g) =>
    columns
      .get(t)
      .map(({ name }) =>
        name === 'store_id'
          ? `${g}.store_id`
          : userColumn.test(name)
            ? `case when x.${quote(name)} = '${from.ownerId}' then ${g}.user_id else x.${quote(name)} end`
            : `x.${quote(name)}`,
      );
  const insertInto = (t, target) => {
    const cols = columns.get(t);
    const overriding = cols.some((c) => c.identity === 'ALWAYS') ? ' overriding system value' : '';
    return `insert into ${target} (${cols.map((c) => quote(c.name)).join(', ')})${overriding}`;
  };
  const numbered = (first, last, where = '') =>
    `(select ${storeId('n')} as store_id, ${userId('n')} as user_id from generate_series(${first}, ${last}) as n${where}) g`;

  /** The owners and stores numbered first..last (reference tables: through the coordinator). */
  async function copyOwnersAndStores(from, first, last) {
    const cols = async (table) =>
      (
        await rows(
          `select column_name as name from information_schema.columns
           where table_schema = current_schema() and table_name = $1 and is_generated = 'NEVER'
           order by ordinal_position`,
          [table],
        )
      ).map((r) => r.name);
    const userCols = await cols('users');
    const storeCols = await cols('stores');
    let written = (
      await db.query(
        `insert into users (${userCols.map(quote).join(', ')})
         select ${userCols.map((c) => (c === 'id' ? 'g.user_id' : c === 'email' ? `'owner-' || g.store_id || '@sim.tillbook.bench'` : `u.${quote(c)}`)).join(', ')}
         from users u, ${numbered(first, last)} where u.id = $1`,
        [from.ownerId],
      )
    ).rowCount;
    written += (
      await db.query(
        `insert into stores (${storeCols.map(quote).join(', ')})
         select ${storeCols.map((c) => (c === 'id' ? 'g.store_id' : c === 'owner_user_id' ? 'g.user_id' : c === 'business_name' ? `'Simulated shop ' || g.store_id` : `s.${quote(c)}`)).join(', ')}
         from stores s, ${numbered(first, last)} where s.id = $1`,
        [from.storeId],
      )
    ).rowCount;
    return written;
  }

  /** Through the coordinator: INSERT … SELECT of the template's rows, one statement a table. */
  async function copyThroughCoordinator(from, first, last) {
    let written = await copyOwnersAndStores(from, first, last);
    for (const t of ordered) {
      const result = await db.query(
        `${insertInto(t, t)} select ${copiedValues(t, from, 'g').join(', ')}
         from ${t} x, ${numbered(first, last)} where x.store_id = $1`,
        [from.storeId],
      );
      written += result.rowCount;
    }
    return written;
  }

  // Straight into the shards: each worker gets the template's rows in tables of its own, then
  // writes each of its shards' stores (those whose store_id hashes into the shard's range, by
  // Citus's own worker_hash) from them, both workers at once. What Citus would do itself, less
  // the coordinator in the middle.
  const workers = await rows(
    `select nodename as host, nodeport as port from pg_dist_node
     where noderole = 'primary' and isactive and groupid <> 0 order by nodeport`,
  );
  const shards = await rows(
    `select s.shard_name as name, s.table_name::text as "table", s.nodeport as port,
       d.shardminvalue::int as lo, d.shardmaxvalue::int as hi
     from citus_shards s join pg_dist_shard d using (shardid)
     where s.citus_table_type = 'distributed' order by s.shardid`,
  );
  const workerClients = [];
  for (const w of workers) {
    const client = new pg.Client({ connectionString: `postgres://postgres@${w.host}:${w.port}/postgres` });
    await client.connect();
    await client.query('set citus.enable_manual_changes_to_shards = on');
    workerClients.push({ ...w, client });
  }
  async function placeTemplate(from, tag) {
    for (const t of ordered) {
      const cols = columns.get(t);
      const [{ data }] = await rows(
        `select coalesce(json_agg(x), '[]')::text as data from (select ${cols.map((c) => quote(c.name)).join(', ')} from ${t} where store_id = $1) x`,
        [from.storeId],
      );
      for (const { client } of workerClients) {
        await client.query(`drop table if exists sim_${tag}_${t}`);
        await client.query(`create unlogged table sim_${tag}_${t} (like ${t})`);
        await client.query(
          `insert into sim_${tag}_${t} (${cols.map((c) => quote(c.name)).join(', ')})
           select ${cols.map((c) => quote(c.name)).join(', ')} from json_populate_recordset(null::sim_${tag}_${t}, $1::json)`,
          [data],
        );
      }
    }
  }
  async function copyIntoShards(from, tag, first, last) {
    let written = await copyOwnersAndStores(from, first, last);
    const counts = await Promise.all(
      workerClients.map(async ({ port, client }) => {
        let n = 0;
        for (const t of ordered) {
          for (const shard of shards.filter((x) => x.table === t && x.port === port)) {
            const result = await client.query(
              `${insertInto(t, shard.name)} select ${copiedValues(t, from, 'g').join(', ')}
               from sim_${tag}_${t} x,
                 ${numbered(first, last, ` where worker_hash(${storeId('n')}) between ${shard.lo} and ${shard.hi}`)}`,
            );
            n += result.rowCount;
          }
        }
        return n;
      }),
    );
    for (const n of counts) written += n;
    return written;
  }

  const templateRows = async (id) => {
    let n = 0;
    for (const t of ordered)
      n += Number((await rows(`select count(*) as n from ${t} where store_id = $1`, [id]))[0].n);
    return n;
  };
  const full = {
    ...template,
    ownerId: owner.id,
    orders: full_orders_made,
    rows: await templateRows(template.storeId),
    tag: 'full',
  };
  const [smallOwner] = await rows('select owner_user_id as id from stores where id = $1', [small.storeId]);
  const lite = {
    ...small,
    ownerId: smallOwner.id,
    orders: small_orders_made,
    rows: await templateRows(small.storeId),
    tag: 'small',
  };
  say(
    `template rows a store (every distributed table): ${full.rows} with ${full.orders} orders, ${lite.rows} with ${lite.orders}`,
  );
  const copies = Math.max(0, STORES - API_STORES);
  const batches = [];
  // A first few stores through the coordinator, timed, to show what that way would take.
  const probe = Math.min(PROBE, copies);
  if (probe) {
    const b0 = performance.now();
    const written = await copyThroughCoordinator(full, 1, probe);
    const seconds = (performance.now() - b0) / 1000;
    batches.push({
      first: 1,
      last: probe,
      tag: 'full',
      orders: full.orders,
      rows: written,
      seconds,
      via: 'coordinator',
    });
    say(
      `through the coordinator: ${probe} stores, ${written} rows in ${seconds.toFixed(1)} s (${Math.round(written / seconds)} rows/s): all ${copies} stores × ${full.orders} orders that way would take ${(((seconds / probe) * copies) / 60).toFixed(0)} min`,
    );
  }
  await placeTemplate(full, 'full');
  await placeTemplate(lite, 'small');
  let source = full;
  let estimate = null;
  const workerBytes = async () =>
    Number(
      (
        await rows(
          `select sum(result::bigint)::bigint as n from run_command_on_workers($$select pg_database_size(current_database())$$)`,
        )
      )[0].n,
    );
  const bytesBefore = await workerBytes();
  // The first batch, which is timed to choose the size, is at most 100 stores.
  for (let first = probe + 1; first <= copies;) {
    const last = Math.min(
      copies,
      first + (batches.some((b) => b.via === 'shards') ? BATCH : Math.min(BATCH, 100)) - 1,
    );
    const b0 = performance.now();
    const written = await copyIntoShards(source, source.tag, first, last);
    const seconds = (performance.now() - b0) / 1000;
    batches.push({
      first,
      last,
      tag: source.tag,
      orders: source.orders,
      rows: written,
      seconds,
      via: 'shards',
    });
    if (!estimate) {
      const perStore = seconds / (last - first + 1);
      // Disk: what a copied store takes (the workers' growth over the batch), against the free
      // space where the cluster keeps its data, less a margin for everything else on the disk.
      const bytesPerStore = ((await workerBytes()) - bytesBefore) / (last - first + 1);
      const free = statfsSync(cluster.dir).bavail * statfsSync(cluster.dir).bsize;
      estimate = {
        seconds: perStore * copies,
        rowsPerSecond: written / seconds,
        bytes: bytesPerStore * copies,
        free,
      };
      say(
        `into the shards: ${last - first + 1} stores, ${written} rows in ${seconds.toFixed(1)} s (${Math.round(written / seconds)} rows/s): all ${copies} stores × ${full.orders} orders would take ${(estimate.seconds / 60).toFixed(0)} min`,
      );
      say(
        `disk: ${(bytesPerStore / 2 ** 20).toFixed(1)} MiB a store, ${(estimate.bytes / 2 ** 30).toFixed(0)} GiB for all; ${(free / 2 ** 30).toFixed(0)} GiB free`,
      );
      const tooLong = estimate.seconds > BUDGET_MINUTES * 60;
      const tooBig = estimate.bytes > free - Math.max(10 * 2 ** 30, free * 0.25);
      if ((tooLong || tooBig) && copies > last) {
        source = lite;
        estimate.reason = [
          tooLong ? `over the ${BUDGET_MINUTES}-minute budget` : '',
          tooBig ? 'more than the disk can spare (free less 25%, at least 10 GiB)' : '',
        ]
          .filter(Boolean)
          .join(' and ');
        say(`${estimate.reason}: the other stores get ${lite.orders} orders each`);
      }
    } else {
      const done = batches.reduce((n, x) => n + x.rows, 0);
      const secs = batches.reduce((n, x) => n + x.seconds, 0);
      say(`${last} of ${copies} stores copied (${done} rows, ${Math.round(done / secs)} rows/s)`);
    }
    first = last + 1;
  }
  for (const { client } of workerClients) {
    for (const t of ordered)
      for (const tag of ['full', 'small']) await client.query(`drop table if exists sim_${tag}_${t}`);
    await client.end();
  }
  // The copies are where Citus looks for them: a copied store's rows, read through the coordinator.
  const check = await rows(`select count(*)::int as n from orders where store_id = ${storeId(copies)}`);
  const expected = batches.at(-1)?.orders ?? 0;
  if (copies && check[0].n !== expected)
    throw new Error(`store ${copies}: ${check[0].n} orders through the coordinator, ${expected} expected`);
  const copied = {
    stores: copies,
    rows: batches.reduce((n, x) => n + x.rows, 0),
    seconds: batches.reduce((n, x) => n + x.seconds, 0),
    full: batches.filter((x) => x.tag === 'full').reduce((n, x) => n + x.last - x.first + 1, 0),
    small: batches.filter((x) => x.tag === 'small').reduce((n, x) => n + x.last - x.first + 1, 0),
    fullOrders: full.orders,
    smallOrders: lite.orders,
    batches,
  };
  report.copied = { ...copied, estimate, templateRows: { full: full.rows, small: lite.rows } };
  say(
    `copied ${copies} stores (${copied.full} × ${full.orders} orders, ${copied.small} × ${lite.orders}), ${copied.rows} rows in ${(copied.seconds / 60).toFixed(1)} min (${Math.round(copied.rows / copied.seconds)} rows/s)`,
  );
  const a0 = performance.now();
  await db.query('analyze');
  say(`analyze: ${((performance.now() - a0) / 1000).toFixed(0)} s`);

  // Where the rows are: per worker, counted in every shard.
  const perWorker = {};
  for (const t of ordered) {
    for (const r of await rows(
      `select s.nodeport as port, sum(r.result::bigint)::bigint as n
       from run_command_on_shards($1, $$select count(*) from %s$$) r
       join citus_shards s on s.shardid = r.shardid group by 1 order by 1`,
      [t],
    )) {
      perWorker[r.port] ??= { rows: 0, tables: {} };
      perWorker[r.port].rows += Number(r.n);
      perWorker[r.port].tables[t] = Number(r.n);
    }
  }
  for (const r of await rows(
    `select s.nodeport as port, sum(r.result::bigint)::bigint as n
     from run_command_on_shards('orders', $$select count(distinct store_id) from %s$$) r
     join citus_shards s using (shardid) group by 1`,
  ))
    perWorker[r.port].stores = Number(r.n);
  for (const r of await rows(
    `select nodeport as port, sum(shard_size)::bigint as bytes, count(*)::int as shards
     from citus_shards where citus_table_type = 'distributed' group by 1`,
  )) {
    perWorker[r.port].bytes = Number(r.bytes);
    perWorker[r.port].shards = r.shards;
  }
  const apiPlacement = await rows(
    `select nodeport as port, count(*)::int as n from (
       select unnest($1::text[]) as store_id) s
     join citus_shards c on c.shardid = get_shard_id_for_distribution_column('orders', s.store_id)
       and c.table_name = 'orders'::regclass group by 1 order by 1`,
    [shops.map((s) => s.storeId)],
  );
  for (const r of apiPlacement) perWorker[r.port].apiStores = r.n;
  report.perWorker = perWorker;
  const [{ stores: storeCount }] = await rows('select count(*)::int as stores from stores');
  const [{ orders: orderCount }] = await rows('select count(*)::bigint as orders from orders');
  report.totals = { stores: storeCount, orders: Number(orderCount) };
  say(`totals: ${storeCount} stores, ${orderCount} orders; per worker ${JSON.stringify(perWorker)}`);
  await db.end();

  // 4: latency for random API-made stores, the server on its core, this process on the other.
  server = await startServer({ port: PORT, databaseUrl: cluster.url, serverRoot, cpu: SERVER_CPU, log });
  const pick = () => shops[Math.floor(Math.random() * shops.length)];
  const saleTask = async (agent) => {
    const shop = pick();
    const status = await request(agent, `${server.base}/api/v1/order`, {
      method: 'POST',
      headers: { authorization: shop.token },
      body: orderBody(shop.productIds),
    });
    return { ok: status === 201 || status === 200, status };
  };
  const dashboardTask = async (agent, scheduled) => {
    const shop = pick();
    const parts = {};
    const statuses = await Promise.all(
      DASHBOARD.map(async (url) => {
        const status = await request(agent, `${server.base}/api/v1${url}`, {
          headers: { authorization: shop.token },
        });
        parts[url] = performance.now() - scheduled;
        return status;
      }),
    );
    const ok = statuses.every((s) => s === 200);
    return { ok, status: ok ? 200 : statuses.find((s) => s !== 200), parts };
  };
  // What the server sustains (closed loop, after a warm-up), then the latency at the goal's rate
  // when that is at most 60% of it, and otherwise at 60% of it: an open loop above what the
  // server sustains measures only the queue it builds.
  await closedLoop({ concurrency: 10, seconds: 5, task: saleTask });
  const serverBefore = cpuMsOf(server.pid);
  const databaseBefore = await databaseCpu(cluster.cpu);
  report.saleCapacity = await closedLoop({ concurrency: 10, seconds: 10, task: saleTask });
  // CPU per sale: the server's, and each node's (coordinator and workers), to size a cluster.
  const used = await databaseCpuSince(cluster.cpu, databaseBefore);
  report.saleCpu = {
    server: (cpuMsOf(server.pid) - serverBefore) / report.saleCapacity.ok,
    database: used.total / report.saleCapacity.ok,
    byNode: Object.fromEntries(
      Object.entries(used.byNode).map(([n, ms]) => [n, ms / report.saleCapacity.ok]),
    ),
  };
  const saleRate = Math.max(1, Math.min(SALE_RATE, Math.floor(report.saleCapacity.perSecond * 0.6)));
  report.sale = { ...(await openLoop({ rate: saleRate, seconds: SECONDS, task: saleTask })), rate: saleRate };
  say(
    `sales: ${report.saleCapacity.perSecond.toFixed(1)}/s sustained (10 at a time); at ${saleRate}/s for ${SECONDS} s: p50 ${report.sale.p50.toFixed(1)} ms p95 ${report.sale.p95.toFixed(1)} ms p99 ${report.sale.p99.toFixed(1)} ms (${report.sale.failed} failed)`,
  );
  await closedLoop({ concurrency: 2, seconds: 3, task: dashboardTask });
  report.dashboardCapacity = await closedLoop({ concurrency: 2, seconds: 10, task: dashboardTask });
  const dashboardRate = Math.max(
    1,
    Math.min(DASHBOARD_RATE, Math.floor(report.dashboardCapacity.perSecond * 0.6)),
  );
  report.dashboard = {
    ...(await openLoop({ rate: dashboardRate, seconds: SECONDS, task: dashboardTask })),
    rate: dashboardRate,
  };
  say(
    `dashboards (${DASHBOARD.length} calls at once): ${report.dashboardCapacity.perSecond.toFixed(1)}/s sustained (2 at a time); at ${dashboardRate}/s for ${SECONDS} s: p50 ${report.dashboard.p50.toFixed(1)} ms p95 ${report.dashboard.p95.toFixed(1)} ms p99 ${report.dashboard.p99.toFixed(1)} ms (${report.dashboard.failed} failed)`,
  );
  // One call at a time too: the dashboard's calls in turn, each alone on the server.
  report.single = {};
  for (const url of DASHBOARD) {
    report.single[url] = await openLoop({
      rate: SINGLE_RATE,
      seconds: Math.max(5, SECONDS / 3),
      task: async (agent) => {
        const status = await request(agent, `${server.base}/api/v1${url}`, {
          headers: { authorization: pick().token },
        });
        return { ok: status === 200, status };
      },
    });
  }

  // 5: a store moves to the other worker: its shard group (the same hash range of every
  // distributed table, so the other stores in that range move with it), while sales to it go on.
  if (MOVE_MODE !== 'none') {
    const moving = shops[0];
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    const [{ shardid, lo, hi }] = (
      await admin.query(
        `select s.shardid, s.shardminvalue::int as lo, s.shardmaxvalue::int as hi from pg_dist_shard s
         where s.shardid = get_shard_id_for_distribution_column('orders', $1::text)`,
        [moving.storeId],
      )
    ).rows;
    const [from] = (
      await admin.query('select nodename as host, nodeport as port from citus_shards where shardid = $1', [
        shardid,
      ])
    ).rows;
    const [to] = (
      await admin.query(
        `select nodename as host, nodeport as port from pg_dist_node
         where groupid <> 0 and shouldhaveshards and nodeport <> $1 order by nodeport limit 1`,
        [from.port],
      )
    ).rows;
    const [group] = (
      await admin.query(
        `select count(*)::int as shards, sum(c.shard_size)::bigint as bytes from citus_shards c
         join pg_dist_shard d using (shardid)
         where c.citus_table_type = 'distributed' and d.shardminvalue::int = $1 and d.shardmaxvalue::int = $2`,
        [lo, hi],
      )
    ).rows;
    const [{ stores: storesMoved }] = (
      await admin.query(
        'select count(*)::int as stores from stores where worker_hash(id) between $1 and $2',
        [lo, hi],
      )
    ).rows;
    // Sales to the moving store during the move, 5 a second: how long they wait, whether they fail.
    let moved = false;
    const saleAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });
    const pending = [];
    const waits = [];
    const statuses = {};
    const ticker = setInterval(() => {
      if (moved) return;
      const t = performance.now();
      pending.push(
        request(saleAgent, `${server.base}/api/v1/order`, {
          method: 'POST',
          headers: { authorization: moving.token },
          body: orderBody(moving.productIds),
        }).then((status) => {
          waits.push(performance.now() - t);
          statuses[status] = (statuses[status] ?? 0) + 1;
        }),
      );
    }, 200);
    const during = (async () => {
      while (!moved) await new Promise((r) => setTimeout(r, 100));
      clearInterval(ticker);
      await Promise.all(pending);
      saleAgent.destroy();
      const sorted = waits.sort((a, b) => a - b);
      return { statuses, p50: sorted[Math.floor(sorted.length / 2)], p99: sorted.at(-1) };
    })();
    const m0 = performance.now();
    await admin.query(
      `select citus_move_shard_placement($1, $2, $3, $4, $5, shard_transfer_mode => '${MOVE_MODE}')`,
      [shardid, from.host, from.port, to.host, to.port],
    );
    const seconds = (performance.now() - m0) / 1000;
    moved = true;
    const sales = await during;
    const [{ port: now }] = (
      await admin.query('select nodeport as port from citus_shards where shardid = $1', [shardid])
    ).rows;
    await admin.end();
    const after = await request(new http.Agent(), `${server.base}/api/v1/dashBoard/total-sales`, {
      headers: { authorization: moving.token },
    });
    report.move = {
      mode: MOVE_MODE,
      shardid,
      from: from.port,
      to: to.port,
      now,
      shards: group.shards,
      bytes: Number(group.bytes),
      stores: storesMoved,
      seconds,
      salesDuring: sales.statuses,
      dashboardAfter: after,
      salesP50: sales.p50,
      salesMax: sales.p99,
    };
    say(
      `moved store ${moving.storeId}'s shard group (${group.shards} shards, ${(Number(group.bytes) / 2 ** 20).toFixed(0)} MiB, ${storesMoved} stores) from ${from.port} to ${to.port} in ${seconds.toFixed(1)} s (${MOVE_MODE}); sales to it meanwhile: ${JSON.stringify(sales.statuses)}; dashboard after: ${after}`,
    );
  }
  await server.stop();
  server = null;
} finally {
  if (server) await server.stop();
  report.errors = logErrors(readFileSync(log, 'utf8'));
  if (process.env.KEEP_CLUSTER === '1') console.log(`cluster kept: ${cluster.url} in ${cluster.dir}`);
  else cluster.stop();
  if (worktree) removeCheckout(worktree);
}

const fmt = (v, d = 1) => (Number.isFinite(v) ? v.toFixed(d) : '-');
const c = report.copied;
const lines = [
  `Run ${started.toISOString()}, ${commit.slice(0, 10)}${dirty ? ' + uncommitted changes' : ''}; Citus, coordinator and 2 workers on this machine`,
  '',
  `Scale: ${report.totals.stores} stores, ${report.totals.orders} orders. Through the API: ${API_STORES} measured stores (${report.apiSales.perMeasuredStore.min}–${report.apiSales.perMeasuredStore.max} sales each) and 2 templates (${c.fullOrders} and ${c.smallOrders} sales): ${report.apiSales.orders} sales in ${fmt(report.apiSales.seconds, 0)} s (${fmt(report.apiSales.perSecond)} sales/s, 10 at a time). In SQL: ${c.full} copies of the ${c.fullOrders}-order store and ${c.small} of the ${c.smallOrders}-order one, ${c.rows} rows in ${fmt(c.seconds / 60)} min (${Math.round(c.rows / c.seconds)} rows/s); a store of ${c.fullOrders} orders is ${c.templateRows.full} rows over all tables, of ${c.smallOrders} orders ${c.templateRows.small}.`,
  c.estimate
    ? `Copy rates: through the coordinator (INSERT … SELECT) ${report.copied.batches[0]?.via === 'coordinator' ? Math.round(report.copied.batches[0].rows / report.copied.batches[0].seconds) : '-'} rows/s, into the shards ${Math.round(c.estimate.rowsPerSecond)} rows/s; all ${c.stores} copies at ${c.fullOrders} orders would have taken ${fmt(c.estimate.seconds / 60, 0)} min into the shards and ${fmt(c.estimate.bytes / 2 ** 30, 0)} GiB on the workers (${fmt(c.estimate.free / 2 ** 30, 0)} GiB were free)${c.estimate.reason ? `: ${c.estimate.reason}, so the rest are ${c.smallOrders}-order stores` : ''}.`
    : '',
  '',
  '| worker | shards | stores | rows (all tables) | orders | order_items | on disk | API stores |',
  '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ...Object.entries(report.perWorker).map(
    ([port, w]) =>
      `| ${port} | ${w.shards} | ${w.stores} | ${w.rows} | ${w.tables.orders} | ${w.tables.order_items} | ${fmt(w.bytes / 2 ** 30, 2)} GiB | ${w.apiStores ?? 0} |`,
  ),
  '',
  `| call (random measured store) | sustained | rate (open loop) | p50 ms | p95 ms | p99 ms | failed |`,
  '| --- | --- | --- | --- | --- | --- | --- |',
  `| POST /api/v1/order (3-line sale) | ${fmt(report.saleCapacity.perSecond)}/s | ${report.sale.rate}/s | ${fmt(report.sale.p50)} | ${fmt(report.sale.p95)} | ${fmt(report.sale.p99)} | ${report.sale.failed} |`,
  `| dashboard: its ${DASHBOARD.length} calls at once, until the last answers | ${fmt(report.dashboardCapacity.perSecond)}/s | ${report.dashboard.rate}/s | ${fmt(report.dashboard.p50)} | ${fmt(report.dashboard.p95)} | ${fmt(report.dashboard.p99)} | ${report.dashboard.failed} |`,
  ...Object.entries(report.single).map(
    ([url, r]) =>
      `| GET ${url} alone | | ${SINGLE_RATE}/s | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.p99)} | ${r.failed} |`,
  ),
  '',
  report.move
    ? `Store move: citus_move_shard_placement(${report.move.shardid}, ${report.move.from} → ${report.move.to}, ${report.move.mode}): ${report.move.shards} shards, ${fmt(report.move.bytes / 2 ** 20, 0)} MiB, ${report.move.stores} stores, ${fmt(report.move.seconds)} s; sales to the store meanwhile (5/s): ${JSON.stringify(report.move.salesDuring)}, p50 ${fmt(report.move.salesP50, 0)} ms, longest ${fmt(report.move.salesMax, 0)} ms; its dashboard after: ${report.move.dashboardAfter}`
    : '',
  `CPU per sale while sustaining it: server ${fmt(report.saleCpu.server, 2)} ms; database ${fmt(report.saleCpu.database, 2)} ms (${Object.entries(
    report.saleCpu.byNode,
  )
    .map(([n, ms]) => `${n}: ${fmt(ms, 2)}`)
    .join(', ')}; the coordinator is ${cluster.port})`,
  `answers: sales ${JSON.stringify(report.sale.statuses)}, dashboards ${JSON.stringify(report.dashboard.statuses)}`,
  ...report.errors.map((e) => `server log: ${e.count}× ${e.message}`),
];
console.log(`\n${lines.join('\n')}`);
if (process.env.OUT) writeFileSync(process.env.OUT, JSON.stringify(report, null, 2));
