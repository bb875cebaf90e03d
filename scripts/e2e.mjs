// Browser tests: starts the built server on a free port with a fresh database, waits for /ready,
// runs Playwright (Debian's Chromium) against it, stops the server and removes the database.
//   node scripts/e2e.mjs [playwright args]     run e2e/*.spec.ts on a fresh SQLite file
//   node scripts/e2e.mjs --pg [playwright args]
//                                              the same on a fresh PostgreSQL database
//   node scripts/e2e.mjs --screenshots         take the screenshots of e2e/screenshots.shots.ts
//   node scripts/e2e.mjs --serve               only start the server (Ctrl+C stops it)
// --pg creates the database e2e_<random> on the PostgreSQL server of --pg=URL (default:
// TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres) and drops it afterwards.
// E2E_PORT picks the port (default: any free one). The tests get the server's address in
// E2E_BASE_URL and its database in E2E_DATABASE_URL (sqlite:<file> or postgres://…).
//
// It exits 0 only when the runner passed against a server that stayed up the whole run: a server
// that exits before it is ready, or during the run, or does not stop cleanly, fails the run.
// For the wrapper's own tests (scripts/e2e.test.mjs), E2E_SERVER_COMMAND and E2E_RUNNER_COMMAND
// replace the server and the runner (JSON arrays: the program and its arguments), and
// E2E_READY_TIMEOUT_MS the minute the server has to get ready.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const serveOnly = args.includes('--serve');
const screenshots = args.includes('--screenshots');
const pgArg = args.find((a) => a === '--pg' || a.startsWith('--pg='));
const passThrough = args.filter((a) => a !== '--serve' && a !== '--screenshots' && a !== pgArg);
// Longer than the server's own 10 s shutdown grace, so its own message comes first.
const STOP_GRACE_MS = 15_000;

function log(message) {
  console.error(`e2e: ${message}`);
}

function commandFromEnv(name) {
  const value = process.env[name];
  if (!value) return null;
  const command = JSON.parse(value);
  if (!Array.isArray(command) || command.length === 0 || !command.every((p) => typeof p === 'string')) {
    throw new Error(`${name} must be a JSON array of strings: the program and its arguments`);
  }
  return command;
}

const serverCommand = commandFromEnv('E2E_SERVER_COMMAND') ?? [
  process.execPath,
  path.join(root, 'apps/server/dist/main.js'),
];
const runnerCommand = commandFromEnv('E2E_RUNNER_COMMAND') ?? [
  process.execPath,
  path.join(root, 'node_modules/@playwright/test/cli.js'),
  'test',
  '-c',
  screenshots ? 'e2e/screenshots.config.ts' : 'e2e/playwright.config.ts',
];
const readyTimeoutMs = Number(process.env.E2E_READY_TIMEOUT_MS) || 60_000;

if (!process.env.E2E_SERVER_COMMAND) {
  for (const file of ['apps/server/dist/main.js', 'apps/web/dist/index.html']) {
    if (!existsSync(path.join(root, file))) {
      log(`${file} is missing: run \`npm run build\` first.`);
      process.exit(1);
    }
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** A child process and a promise of its end, listened for from the moment it starts. */
function start(command, options) {
  const child = spawn(command[0], command.slice(1), options);
  const exited = new Promise((resolve) => {
    child.once('error', (error) => resolve({ code: null, signal: null, error }));
    child.once('exit', (code, signal) => resolve({ code, signal, error: null }));
  });
  let ended = null;
  void exited.then((end) => (ended = end));
  return { child, exited, ended: () => ended };
}

const describeEnd = ({ code, signal, error }) =>
  error
    ? `could not start (${error.message})`
    : signal
      ? `was killed by ${signal}`
      : `exited with code ${code}`;

/** Stops a child: SIGTERM, then SIGKILL after the grace period. Resolves with how it ended. */
async function stopChild(proc) {
  if (proc.ended()) return proc.ended();
  proc.child.kill('SIGTERM');
  const kill = setTimeout(() => proc.child.kill('SIGKILL'), STOP_GRACE_MS);
  const end = await proc.exited;
  clearTimeout(kill);
  return end;
}

/** Resolves when /ready answers 200; rejects when the server ends first or the time is up. */
async function waitForReady(url, server) {
  const deadline = Date.now() + readyTimeoutMs;
  let timer;
  const ended = server.exited.then((end) => {
    throw new Error(`the server ${describeEnd(end)} before it was ready`);
  });
  const poll = (async () => {
    while (Date.now() < deadline && !server.ended()) {
      try {
        const response = await fetch(`${url}/ready`, { signal: AbortSignal.timeout(2_000) });
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => (timer = setTimeout(r, 250)));
    }
    if (!server.ended()) throw new Error(`the server was not ready within ${readyTimeoutMs / 1000} s`);
    await ended;
  })();
  try {
    await Promise.race([poll, ended]);
  } finally {
    clearTimeout(timer);
    ended.catch(() => {});
  }
}

/** A fresh PostgreSQL database on the server of `adminUrl`; `drop()` removes it. */
async function createPgDatabase(adminUrl) {
  const { default: pg } = await import('pg');
  const name = `e2e_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

const cleanups = [];
let finishing = false;

/** Stops what runs, removes the database and exits; any failure on the way makes the code non-zero. */
async function finish(code, processes) {
  if (finishing) return;
  finishing = true;
  let exitCode = code;
  for (const { proc, name, mustStopCleanly } of processes) {
    if (!proc) continue;
    const endedByItself = proc.ended();
    const end = await stopChild(proc);
    if (!mustStopCleanly) continue;
    if (endedByItself) {
      // It was not asked to stop: whatever the runner said, the run did not have its server.
      if (exitCode === 0) log(`the ${name} ${describeEnd(end)} on its own`);
      exitCode ||= 1;
    } else if (end.error || end.code !== 0) {
      log(`the ${name} did not stop cleanly: it ${describeEnd(end)}`);
      exitCode ||= 1;
    }
  }
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (error) {
      log(`cleaning up failed: ${error.message}`);
      exitCode ||= 1;
    }
  }
  process.exit(exitCode);
}

let server = null;
let runner = null;
const running = () => [
  { proc: runner, name: 'test runner', mustStopCleanly: false },
  { proc: server, name: 'server', mustStopCleanly: true },
];
process.on('SIGINT', () => void finish(130, running()));
process.on('SIGTERM', () => void finish(143, running()));

try {
  const port = Number(process.env.E2E_PORT) || (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tillbook-e2e-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  let databaseUrl = `sqlite:${path.join(dataDir, 'app.db')}`;
  if (pgArg) {
    const adminUrl =
      pgArg.slice('--pg='.length) ||
      process.env.TEST_DATABASE_URL ||
      'postgres://postgres@127.0.0.1:5432/postgres';
    const database = await createPgDatabase(adminUrl);
    cleanups.push(() => database.drop());
    databaseUrl = database.url;
  }

  server = start(serverCommand, {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // The browser tests fund wallets with simulated deposits (decision 0048).
      PAYMENT_PROVIDER: 'sandbox',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      APP_SECRET: randomBytes(32).toString('base64url'),
      PUBLIC_URL: baseUrl,
      MAIL_TRANSPORT: 'log',
      // Every browser test signs up, confirms its email and signs in from 127.0.0.1: more than
      // one real address ever would. The per-account limits stay as they are.
      SIGNUP_MAX_PER_IP_HOUR: '1000',
      SIGNIN_MAX_PER_IP_15MIN: '1000',
      CODE_CHECKS_MAX_PER_IP_15MIN: '1000',
      // Starter's limits are the product's own (1 member, 1 store): specs that add members or
      // stores pay for GROWTH first (e2e/support.ts subscribeToGrowth; decision 0030).
      // Every answer is parsed with its route's response schema, as in the API tests.
      TILLBOOK_CHECK_ANSWERS: '1',
      // The webhook spec's receiver is a local server; deliveries go out every half second.
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      WEBHOOK_WORKER_SECONDS: '0.5',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    },
  });

  await waitForReady(baseUrl, server);

  if (serveOnly) {
    console.log(`e2e server: ${baseUrl} (database ${databaseUrl}); Ctrl+C stops it`);
    const end = await server.exited;
    log(`the server ${describeEnd(end)}`);
    await finish(1, running());
  } else {
    runner = start([...runnerCommand, ...passThrough], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, E2E_BASE_URL: baseUrl, E2E_DATABASE_URL: databaseUrl },
    });
    const first = await Promise.race([
      runner.exited.then((end) => ({ who: 'runner', end })),
      server.exited.then((end) => ({ who: 'server', end })),
    ]);
    if (first.who === 'server') {
      log(`the server ${describeEnd(first.end)} during the run`);
      await finish(1, running());
    } else {
      const { code, error } = first.end;
      if (code !== 0) log(`the test runner ${describeEnd(first.end)}`);
      await finish(error || code === null ? 1 : code, running());
    }
  }
} catch (error) {
  log(error.message);
  await finish(1, running());
}
