// Shared helpers for benchmarks: start the built server on a fresh database, percentiles.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Starts apps/server/dist/main.js on `port` with a fresh data folder; resolves once /ready answers.
 * `serverRoot`: another checkout whose server is built, to compare with (bench/orders/paired.mjs).
 */
export async function startServer({ port, databaseUrl, env = {}, cpu, serverRoot = root } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tillbook-bench-'));
  const child = spawnServer({
    port,
    dataDir,
    databaseUrl,
    env,
    cpu,
    serverRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/ready`)).ok)
        return { base, dataDir, pid: child.pid, stop: () => stop(child) };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error('server did not become ready');
}

/**
 * Spawns `serverRoot`'s built server (apps/server/dist/main.js) on `port` with its data in
 * `dataDir`, with the limits a bench drives past lifted; on core `cpu` when given.
 */
export function spawnServer({ port, dataDir, databaseUrl, env = {}, cpu, serverRoot = root, stdio }) {
  // BENCH_NODE_ARGS: extra node flags for the server, such as --cpu-prof (not allowed in NODE_OPTIONS).
  const args = [...nodeArgs(), path.join(serverRoot, 'apps/server/dist/main.js')];
  const command = cpu !== undefined ? 'taskset' : process.execPath;
  const argv = cpu !== undefined ? ['-c', String(cpu), process.execPath, ...args] : args;
  return spawn(command, argv, {
    cwd: serverRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? `sqlite:${path.join(dataDir, 'app.db')}`,
      LOG_LEVEL: 'warn',
      APP_SECRET: 'bench-secret-bench-secret-bench-secret-01',
      // A bench drives one user far past the per-user limit (1,200 calls a minute); the limit's
      // counter still runs on every call, so its cost stays in the figures.
      API_USER_CALLS_PER_MINUTE: '1000000000',
      API_KEY_CALLS_PER_MINUTE: '1000000000',
      ...env,
    },
    stdio,
  });
}

export const nodeArgs = () => (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);

function stop(child) {
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux). */
export function cpuMsOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of the line, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** CPU milliseconds of every running process named `name` (e.g. the database's), by pid. */
export function cpuMsByName(name) {
  const byPid = new Map();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === name) byPid.set(pid, cpuMsOf(pid));
    } catch {
      /* the process ended meanwhile */
    }
  }
  return byPid;
}

/** CPU milliseconds those processes used since `before` (processes started since count whole). */
export function cpuMsSince(name, before) {
  let ms = 0;
  for (const [pid, now] of cpuMsByName(name)) ms += now - (before.get(pid) ?? 0);
  return ms;
}

export function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export async function json(base, method, url, body, token, headers = {}) {
  const res = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}
