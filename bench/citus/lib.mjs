// Shared by the Citus benchmarks (bench/citus/): local Citus clusters from the workplace's tools,
// fresh PostgreSQL databases, checkouts of other commits, the built server with its log kept,
// and the order load of bench/orders-throughput.mjs.
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import { cpuMsOf, root, spawnServer } from '../lib.mjs';
import { orderBody } from '../orders/shop.mjs';

export { root };

/** Every core: for processes that must not inherit the load generator's `taskset -c 1`. */
export const ALL_CPUS = `0-${cpus().length - 1}`;

// Servers and clusters this process started, ended if it exits early (an error, Ctrl-C).
const running = new Set();
function cleanUp() {
  for (const end of running) {
    try {
      end();
    } catch {
      /* already gone */
    }
  }
  running.clear();
}
process.once('exit', cleanUp);

/** Runs `end` (synchronous) if this process exits before it is forgotten; returns the forgetting. */
export function atExit(end) {
  running.add(end);
  return () => running.delete(end);
}
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    cleanUp();
    process.exit(130);
  });

/** The folder with the workplace's cluster.sh (and install.sh): CITUS_TOOLS, never guessed. */
export function citusTools() {
  const tools = process.env.CITUS_TOOLS;
  if (!tools || !existsSync(path.join(tools, 'cluster.sh'))) {
    console.error(
      `CITUS_TOOLS must name the folder holding cluster.sh (it is ${tools ? `"${tools}", without cluster.sh` : 'not set'}),` +
        ' e.g. CITUS_TOOLS=<folder with cluster.sh> npm run bench:citus',
    );
    process.exit(2);
  }
  return path.resolve(tools);
}

/**
 * Starts a fresh Citus cluster (coordinator on `port`, workers on port+1..) in a new temporary
 * folder; `stop()` stops it and removes the folder. SHARD_COUNT (default Citus's 32) is set on the
 * database before the app's migration distributes its tables.
 */
export async function startCluster(workers, wantedPort) {
  const tools = citusTools();
  // Another cluster may hold the ports (other benchmarks, tests): the next free block of ten.
  let port = wantedPort;
  while (!(await portsFree(port, workers + 1))) port += 10;
  if (port !== wantedPort) console.log(`ports ${wantedPort}+ in use: Citus on ${port}..${port + workers}`);
  const dir = mkdtempSync(path.join(tmpdir(), `tillbook-citus-${workers}w-`));
  const stop = () => {
    running.delete(stop);
    try {
      execFileSync('bash', [path.join(tools, 'cluster.sh'), 'stop', dir], { stdio: 'ignore' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  running.add(stop);
  try {
    // On every core, whatever this process is pinned to (the load generator's core).
    execFileSync(
      'taskset',
      ['-c', ALL_CPUS, 'bash', path.join(tools, 'cluster.sh'), 'start', dir, String(port), String(workers)],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
  } catch (error) {
    stop();
    throw error;
  }
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  if (process.env.SHARD_COUNT)
    await query(url, `alter database postgres set citus.shard_count = ${Number(process.env.SHARD_COUNT)}`);
  return { url, dir, workers, port, stop, cpu: { dir } };
}

async function portsFree(first, count) {
  for (let p = first; p < first + count; p++) {
    const free = await new Promise((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(p, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (!free) return false;
  }
  return true;
}

/** A fresh database on a plain PostgreSQL server; `drop()` drops it. */
export async function freshPostgres(adminUrl, prefix = 'tillbook_citus_bench') {
  const name = `${prefix}_${Math.random().toString(16).slice(2, 10)}`;
  await query(adminUrl, `create database ${name}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    cpu: { url: u.toString() },
    drop: () => query(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

export async function query(url, text, values) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text, values)).rows;
  } finally {
    await c.end();
  }
}

export async function reachable(url) {
  try {
    await query(url, 'select 1');
    return true;
  } catch {
    return false;
  }
}

/** A URL whose connections work in `schema` (pg passes `options` to the server). */
export function withSchema(url, schema) {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

/**
 * A checkout of `ref` in `dir` (git worktree, detached), sharing this checkout's node_modules
 * except the workspace packages, which point at the checkout's own; built (contract and server).
 */
export function checkout(ref, dir) {
  const commit = execFileSync('git', ['rev-parse', ref], { cwd: root, encoding: 'utf8' }).trim();
  if (!existsSync(dir)) {
    execFileSync('git', ['worktree', 'add', '--detach', dir, commit], { cwd: root, stdio: 'ignore' });
  } else {
    execFileSync('git', ['checkout', '--detach', commit], { cwd: dir, stdio: 'ignore' });
  }
  const modules = path.join(dir, 'node_modules');
  if (!existsSync(modules)) {
    mkdirSync(modules);
    for (const entry of readdirSync(path.join(root, 'node_modules'))) {
      if (entry === '@tillbook') continue;
      symlinkSync(path.join(root, 'node_modules', entry), path.join(modules, entry));
    }
    mkdirSync(path.join(modules, '@tillbook'));
    for (const [name, target] of [
      ['contract', '../../packages/contract'],
      ['server', '../../apps/server'],
      ['web', '../../apps/web'],
    ])
      symlinkSync(target, path.join(modules, '@tillbook', name));
  }
  execFileSync('npm', ['run', 'build', '-w', '@tillbook/contract', '-w', '@tillbook/server'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { dir, commit };
}

export function removeCheckout(dir) {
  try {
    execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: root, stdio: 'ignore' });
  } catch {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The server a Citus benchmark measures: this checkout, SERVER_ROOT (another checkout, already
 * built), or REF built in a temporary worktree (`<prefix>-<pid>`, removed at exit or by the
 * caller's `removeCheckout(worktree)`). `dirty`: this checkout has uncommitted changes in apps/
 * or packages/, which the figures then include.
 */
export function serverUnderTest(prefix) {
  let serverRoot = path.resolve(process.env.SERVER_ROOT ?? root);
  let worktree = null;
  let commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: serverRoot, encoding: 'utf8' }).trim();
  if (process.env.REF) {
    worktree = path.join(tmpdir(), `${prefix}-${process.pid}`);
    console.log(`building ${process.env.REF} in ${worktree} ...`);
    ({ commit } = checkout(process.env.REF, worktree));
    serverRoot = worktree;
    atExit(() => removeCheckout(worktree));
  }
  const dirty =
    !process.env.REF &&
    execFileSync('git', ['status', '--porcelain', 'apps', 'packages'], {
      cwd: serverRoot,
      encoding: 'utf8',
    }).trim() !== '';
  return { serverRoot, worktree, commit, dirty };
}

/**
 * Starts `serverRoot`'s apps/server/dist/main.js (as bench/lib.mjs startServer does) with its
 * output appended to `log`, so errors from the database (e.g. Citus refusing a statement) can be
 * read afterwards. Resolves once /ready answers 200.
 */
export async function startServer({ port: wantedPort, databaseUrl, cpu, serverRoot = root, log, env = {} }) {
  // A port another process listens on would answer /ready for a server that is not ours.
  let port = wantedPort;
  while (!(await portsFree(port, 1))) port += 1;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tillbook-citus-bench-'));
  const out = log ? openSync(log, 'a') : 'ignore';
  const child = spawnServer({
    port,
    dataDir,
    databaseUrl,
    cpu,
    serverRoot,
    // The simulation signs up dozens of owners from one address within the hour.
    env: { SIGNUP_MAX_PER_IP_HOUR: '1000000', ...env },
    stdio: ['ignore', out, out],
  });
  let exited = null;
  const kill = () => {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
  running.add(kill);
  child.once('exit', (code) => {
    exited = code ?? -1;
    running.delete(kill);
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise((resolve) => {
      if (exited !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
    }).then(() => rmSync(dataDir, { recursive: true, force: true }));
  // A first start on Citus distributes 49 tables (1,568 shards at 32 a table): minutes.
  const deadline = Date.now() + 15 * 60_000;
  let last = '';
  while (Date.now() < deadline && exited === null) {
    try {
      const res = await fetch(`${base}/ready`);
      if (res.ok) return { base, dataDir, pid: child.pid, stop, ready: await res.json() };
      last = `${res.status} ${await res.text()}`;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(
    `server did not become ready (${exited !== null ? `exited ${exited}` : last}); log: ${log}`,
  );
}

/**
 * The database processes that serve one benchmark, so their CPU time is not mixed with other
 * databases' on the machine: `{ dir }`, a cluster started by startCluster (every process of its
 * nodes), or `{ url }`, the backends connected to that URL's database on a shared server.
 */
async function databasePids(target) {
  if (target.dir) {
    // Each node's postmaster (its folder names the port) and the processes it started.
    const nodeOf = new Map();
    for (const node of readdirSync(target.dir)) {
      const file = path.join(target.dir, node, 'postmaster.pid');
      if (existsSync(file))
        nodeOf.set(Number(readFileSync(file, 'utf8').split('\n')[0]), node.replace('node-', ''));
    }
    const pids = [...nodeOf].map(([pid, node]) => ({ pid, node }));
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const ppid = Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
        if (nodeOf.has(ppid)) pids.push({ pid: Number(pid), node: nodeOf.get(ppid) });
      } catch {
        /* ended meanwhile */
      }
    }
    return pids;
  }
  const rows = await query(
    target.url,
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  return rows.map((r) => ({ pid: r.pid, node: 'postgres' }));
}

/** CPU ms of the target's database processes now, by pid (with the node each belongs to). */
export async function databaseCpu(target) {
  const byPid = new Map();
  if (!target) return byPid;
  for (const { pid, node } of await databasePids(target)) {
    try {
      byPid.set(pid, { ms: cpuMsOf(pid), node });
    } catch {
      /* ended meanwhile */
    }
  }
  return byPid;
}

/**
 * CPU ms the target's database processes used since `before` (those started since count
 * whole): the total, and by node (a Citus cluster's coordinator and workers by port).
 */
export async function databaseCpuSince(target, before) {
  let total = 0;
  const byNode = {};
  for (const [pid, { ms, node }] of await databaseCpu(target)) {
    const used = ms - (before.get(pid)?.ms ?? 0);
    total += used;
    byNode[node] = (byNode[node] ?? 0) + used;
  }
  return { total, byNode };
}

/**
 * bench/orders-throughput.mjs's load: 3-line POS orders (orders/shop.mjs), CONNECTIONS
 * autocannon connections for `duration` s; orders/s, p50/p99 and server and database CPU per
 * order (`database`: see databaseCpu).
 */
export async function orderLoad(url, token, productIds, duration, { connections = 10, pid, database } = {}) {
  const cpuBefore = pid ? cpuMsOf(pid) : 0;
  const databaseBefore = await databaseCpu(database);
  const result = await autocannon({
    url,
    connections,
    duration,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: token },
        setupRequest: (req) => ({ ...req, body: orderBody(productIds) }),
      },
    ],
  });
  const ok = result['2xx'];
  const databaseUsed = database ? await databaseCpuSince(database, databaseBefore) : null;
  return {
    ok,
    failed: result.non2xx + result.errors + result.timeouts,
    perSecond: ok / duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuPerOrder: pid && ok ? (cpuMsOf(pid) - cpuBefore) / ok : NaN,
    // The database's CPU per accepted order: its processes only (every node of a Citus cluster),
    // and by node.
    databaseCpuPerOrder: databaseUsed && ok ? databaseUsed.total / ok : NaN,
    databaseCpuPerOrderByNode:
      databaseUsed && ok
        ? Object.fromEntries(Object.entries(databaseUsed.byNode).map(([node, ms]) => [node, ms / ok]))
        : {},
  };
}

export function median(values) {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * The failures in a server log (pino JSON lines at level error or fatal), counted by message and
 * the first frame of the app's own code, e.g. Citus refusing a statement that would need
 * repartitioning, for the report.
 */
export function logErrors(text) {
  const found = new Map();
  for (const line of text.split('\n')) {
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (!(entry.level >= 50)) continue;
    const frame = String(entry.err?.stack ?? '')
      .split('\n')
      .find((f) => f.includes('/apps/server/dist/'));
    const where = frame ? ` at ${frame.replace(/^.*\/apps\/server\/dist\//, '').replace(/\)?$/, '')}` : '';
    const key = `${entry.msg}: ${entry.err?.message ?? ''}${where}`.slice(0, 400);
    found.set(key, (found.get(key) ?? 0) + 1);
  }
  return [...found].map(([message, count]) => ({ message, count }));
}

/** One HTTP request on `agent`; resolves with the status (0 when the connection failed). */
export function request(agent, url, { method = 'GET', headers = {}, body } = {}) {
  const target = new URL(url);
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method,
        headers: body ? { 'content-type': 'application/json', ...headers } : headers,
        agent,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

/**
 * Latency at a fixed arrival rate (open loop, as bench/catalogue/load.ts): tasks start on
 * schedule whether or not earlier ones came back, each latency counted from its scheduled time.
 * `task(agent, scheduled)` resolves with `{ ok, parts }`, parts being named latencies of its own
 * (ms from the same scheduled time). With a plain `url` (and `method`, `headers`, `body`, a
 * function or a value) each task is that one request.
 */
export function openLoop({ rate, seconds, task, url, method, headers, body }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const run =
    task ??
    (async (a) => {
      const status = await request(a, url, {
        method,
        headers,
        body: typeof body === 'function' ? body() : body,
      });
      return { ok: status >= 200 && status < 300, status };
    });
  const total = Math.max(1, Math.round(rate * seconds));
  const latencies = [];
  const parts = {};
  let sent = 0;
  let failed = 0;
  const statuses = {};
  const start = performance.now();
  return new Promise((resolve) => {
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      agent.destroy();
      const summary = (values) => {
        const sorted = [...values].sort((a, b) => a - b);
        return {
          count: sorted.length,
          p50: percentile(sorted, 50),
          p95: percentile(sorted, 95),
          p99: percentile(sorted, 99),
        };
      };
      resolve({
        ...summary(latencies),
        failed,
        statuses,
        rate: latencies.length / ((performance.now() - start) / 1000),
        parts: Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, summary(v)])),
      });
    };
    const record = (scheduled, result) => {
      if (finished) return;
      if (!result.ok) failed++;
      if (result.status !== undefined) statuses[result.status] = (statuses[result.status] ?? 0) + 1;
      for (const [k, v] of Object.entries(result.parts ?? {})) (parts[k] ??= []).push(v);
      latencies.push(performance.now() - scheduled);
      if (latencies.length === total) finish();
    };
    const fire = (scheduled) =>
      run(agent, scheduled).then(
        (result) => record(scheduled, result),
        () => record(scheduled, { ok: false }),
      );
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate) + 1);
      while (sent < due) fire(start + (sent++ * 1000) / rate);
      if (sent < total && !finished) setTimeout(tick, 1);
    };
    tick();
    // A server that cannot keep up: stop after twice the run's length, counting the rest failed.
    setTimeout(
      () => {
        if (finished) return;
        const late = performance.now() - start;
        while (latencies.length < total) {
          failed++;
          latencies.push(late);
        }
        finish();
      },
      seconds * 2000 + 5000,
    ).unref();
  });
}

/** `concurrency` tasks back to back for `seconds`: how many a second completed (closed loop). */
export async function closedLoop({ concurrency, seconds, task }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency * 16 });
  const end = performance.now() + seconds * 1000;
  let ok = 0;
  let failed = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const result = await task(agent, performance.now()).catch(() => ({ ok: false }));
        if (result.ok) ok++;
        else failed++;
      }
    }),
  );
  agent.destroy();
  return { ok, failed, perSecond: ok / ((performance.now() - start) / 1000) };
}

export function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Signs in through the API; the session token and the store. */
export async function signIn(base, email, password) {
  const res = await fetch(`${base}/api/v1/user/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = await res.json();
  if (res.status !== 200)
    throw new Error(`sign-in ${email}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return { token: body.data.userToken, storeId: body.data.store_id };
}
