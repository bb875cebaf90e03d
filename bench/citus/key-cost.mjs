// What the composite keys cost the order path (issue 29; goal: at least 0.95× of before): the
// order throughput of bench:orders (3-line POS orders, bench/orders/shop.mjs, 10 connections) at
// the commit before migration 0022 (tenant keys (store_id, id)) and at HEAD, on SQLite and on
// PostgreSQL, in alternating rounds on the same machine. Each side runs its own build, from a
// temporary git worktree, on its own fresh database, kept from round to round.
//
// Run: taskset -c 1 node bench/citus/key-cost.mjs
// Env: BEFORE (commit; default the parent of the commit that added
//      apps/server/src/db/migrations/0022-distribution-keys.ts), AFTER (commit, HEAD),
//      AFTER_ROOT (a built checkout to measure as "after" instead, e.g. . for this one),
//      ENGINES (sqlite,postgres), ROUNDS (5), DURATION (s, 10), WARMUP (s, 5), CONNECTIONS (10),
//      SERVER_CPU (0), PORT (3480), BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/test),
//      KEEP (1: keep the worktrees in $TMPDIR for the next run).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { setUpStore } from '../orders/shop.mjs';
import {
  checkout,
  freshPostgres,
  logErrors,
  median,
  orderLoad,
  reachable,
  removeCheckout,
  root,
  startServer,
} from './lib.mjs';

const MIGRATION = 'apps/server/src/db/migrations/0022-distribution-keys.ts';
const ENGINES = (process.env.ENGINES ?? 'sqlite,postgres').split(',').filter(Boolean);
const ROUNDS = Math.max(1, Number(process.env.ROUNDS ?? 5));
const DURATION = Number(process.env.DURATION ?? 10);
const WARMUP = Number(process.env.WARMUP ?? 5);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const SERVER_CPU = Number(process.env.SERVER_CPU ?? 0);
const PORT = Number(process.env.PORT ?? 3480);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();

const added = git('log', '--diff-filter=A', '--format=%H', '--', MIGRATION).split('\n').pop();
if (!added && !process.env.BEFORE) throw new Error(`${MIGRATION} is in no commit: name BEFORE`);
const beforeRef = process.env.BEFORE ?? `${added}^`;
const afterRef = process.env.AFTER ?? 'HEAD';
const LOGS = path.join(root, 'bench/.data/citus');
mkdirSync(LOGS, { recursive: true });

const sides = [];
const keep = process.env.KEEP === '1';
const started = new Date();
try {
  for (const [name, ref] of [
    ['before', beforeRef],
    ['after', afterRef],
  ]) {
    if (name === 'after' && process.env.AFTER_ROOT) {
      const dir = path.resolve(process.env.AFTER_ROOT);
      const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: dir, encoding: 'utf8' }).trim();
      const dirty = execFileSync('git', ['status', '--porcelain', 'apps', 'packages'], {
        cwd: dir,
        encoding: 'utf8',
      }).trim();
      sides.push({
        name,
        dir,
        commit,
        label: `${commit.slice(0, 10)}${dirty ? ' + uncommitted changes' : ''} (${dir})`,
      });
      continue;
    }
    const dir = path.join(tmpdir(), `tillbook-keycost-${name}`);
    console.log(`building ${name} (${ref}) in ${dir} ...`);
    const { commit } = checkout(ref, dir);
    sides.push({ name, dir, commit, label: commit.slice(0, 10), worktree: true });
  }
  console.log(
    `before ${sides[0].label}, after ${sides[1].label}; ${cpus().length} cores (${cpus()[0]?.model}); ${ROUNDS} rounds of ${DURATION} s, ${CONNECTIONS} connections, server on CPU ${SERVER_CPU}`,
  );

  const summary = [];
  for (const engine of ENGINES) {
    if (engine === 'postgres' && !(await reachable(PG_URL))) {
      console.log(`postgres: ${PG_URL} not reachable, skipped`);
      continue;
    }
    // A database and a store per side.
    const runs = [];
    for (const side of sides) {
      const run = { side, log: path.join(LOGS, `key-cost-${engine}-${side.name}.log`), rounds: [] };
      writeFileSync(run.log, '');
      if (engine === 'postgres') {
        const database = await freshPostgres(PG_URL, 'tillbook_keycost');
        run.url = database.url;
        run.cpu = database.cpu;
        run.drop = database.drop;
      } else {
        const dir = mkdtempSync(path.join(tmpdir(), 'tillbook-keycost-sqlite-'));
        run.url = `sqlite:${path.join(dir, 'app.db')}`;
        run.drop = async () => rmSync(dir, { recursive: true, force: true });
      }
      const server = await startServer({
        port: PORT,
        databaseUrl: run.url,
        serverRoot: side.dir,
        log: run.log,
      });
      try {
        run.shop = await setUpStore(server.base);
      } finally {
        await server.stop();
      }
      runs.push(run);
    }
    try {
      for (let round = 0; round < ROUNDS; round++) {
        for (const run of round % 2 ? [...runs].reverse() : runs) {
          const server = await startServer({
            port: PORT,
            databaseUrl: run.url,
            serverRoot: run.side.dir,
            cpu: SERVER_CPU,
            log: run.log,
          });
          const url = `${server.base}/api/v1/order`;
          await orderLoad(url, run.shop.token, run.shop.productIds, WARMUP, { connections: CONNECTIONS });
          const r = await orderLoad(url, run.shop.token, run.shop.productIds, DURATION, {
            connections: CONNECTIONS,
            pid: server.pid,
            database: run.cpu,
          });
          await server.stop();
          run.rounds.push(r);
          console.log(
            `${engine.padEnd(8)} round ${round + 1} ${run.side.name.padEnd(6)} ${r.perSecond.toFixed(0).padStart(5)} orders/s  p50 ${r.p50} ms  p99 ${r.p99} ms  server CPU ${r.cpuPerOrder.toFixed(3)} ms/order${engine === 'postgres' ? `  PostgreSQL CPU ${r.databaseCpuPerOrder.toFixed(3)} ms/order` : ''}  (${r.failed} failed)`,
          );
        }
      }
    } finally {
      for (const run of runs) await run.drop();
    }
    const [b, a] = runs;
    const m = (run, pick) => median(run.rounds.map(pick));
    const ratio = m(a, (r) => r.perSecond) / m(b, (r) => r.perSecond);
    // Each round's two runs sat next to each other in time: their ratio, then the median of those.
    // That ratio is the verdict's: the machine's speed drifts by more than the difference sought
    // between rounds, less within one.
    const paired = median(a.rounds.map((r, i) => r.perSecond / b.rounds[i].perSecond));
    const cpuRatio = m(b, (r) => r.cpuPerOrder) / m(a, (r) => r.cpuPerOrder);
    const dbCpuRatio = m(b, (r) => r.databaseCpuPerOrder) / m(a, (r) => r.databaseCpuPerOrder);
    summary.push({
      engine,
      before: m(b, (r) => r.perSecond),
      after: m(a, (r) => r.perSecond),
      beforeP99: m(b, (r) => r.p99),
      afterP99: m(a, (r) => r.p99),
      beforeCpu: m(b, (r) => r.cpuPerOrder),
      afterCpu: m(a, (r) => r.cpuPerOrder),
      beforeDbCpu: m(b, (r) => r.databaseCpuPerOrder),
      afterDbCpu: m(a, (r) => r.databaseCpuPerOrder),
      ratio,
      paired,
      cpuRatio,
      dbCpuRatio,
      failed: [...a.rounds, ...b.rounds].reduce((n, r) => n + r.failed, 0),
      errors: runs.flatMap((run) =>
        logErrors(readFileSync(run.log, 'utf8')).map((e) => `${run.side.name}: ${e.count}× ${e.message}`),
      ),
    });
  }

  const fmt = (v, d = 0) => (Number.isFinite(v) ? v.toFixed(d) : '-');
  const lines = [
    `Run ${started.toISOString()}: before ${sides[0].label}, after ${sides[1].label}; medians of ${ROUNDS} alternating rounds`,
    '',
    '| engine | before orders/s | after orders/s | after/before | paired (median of rounds) | p99 ms before → after | server CPU ms/order before → after | PostgreSQL CPU ms/order before → after |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...summary.map(
      (s) =>
        `| ${s.engine} | ${fmt(s.before)} | ${fmt(s.after)} | ${fmt(s.ratio, 2)}× | ${fmt(s.paired, 2)}× | ${fmt(s.beforeP99)} → ${fmt(s.afterP99)} | ${fmt(s.beforeCpu, 3)} → ${fmt(s.afterCpu, 3)} | ${s.engine === 'postgres' ? `${fmt(s.beforeDbCpu, 3)} → ${fmt(s.afterDbCpu, 3)}` : '-'} |`,
    ),
    '',
    ...summary.map(
      (s) =>
        `${s.engine}: after/before ${fmt(s.paired, 2)}× by the median of the rounds' own ratios (goal ≥ 0.95×: ${s.paired >= 0.95 ? 'met' : 'NOT met'}), ${fmt(s.ratio, 2)}× by the ratio of the medians; by CPU per order (server) ${fmt(s.cpuRatio, 2)}×${s.engine === 'postgres' ? `, (PostgreSQL) ${fmt(s.dbCpuRatio, 2)}×` : ''}; ${s.failed} failed requests${s.errors.length ? `; server log: ${s.errors.join(' | ')}` : ''}`,
    ),
  ];
  console.log(`\n${lines.join('\n')}`);
} finally {
  if (!keep) for (const side of sides) if (side.worktree && existsSync(side.dir)) removeCheckout(side.dir);
}
