// Tests of the browser-test wrapper (scripts/e2e.mjs) itself: it must fail whenever the browser
// tests did not pass against a live server. Stand-in servers and runners (small Node programs)
// take the place of the real server and Playwright. Run by `npm test`.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const wrapper = fileURLToPath(new URL('./e2e.mjs', import.meta.url));
const scratch = mkdtempSync(path.join(os.tmpdir(), 'tillbook-e2e-wrapper-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** A server that answers /ready, records its pid and stops on SIGTERM with STOP_CODE (default 0). */
const SERVER = `
const fs = require('node:fs');
const http = require('node:http');
if (process.env.FAKE_SERVER_PID) fs.writeFileSync(process.env.FAKE_SERVER_PID, String(process.pid));
if (process.env.EXIT_AT_ONCE) process.exit(Number(process.env.EXIT_AT_ONCE));
let dieTimer;
const server = http.createServer((req, res) => {
  if (req.url === '/ready' && process.env.DIE_AFTER_READY_MS && !dieTimer) {
    dieTimer = setTimeout(() => process.exit(7), Number(process.env.DIE_AFTER_READY_MS));
  }
  res.writeHead(req.url === '/ready' && !process.env.NEVER_READY ? 200 : 503).end();
});
server.listen(Number(process.env.PORT), process.env.HOST);
process.on('SIGTERM', () => server.close(() => process.exit(Number(process.env.STOP_CODE ?? 0))));
`;

/** A runner that records that it started (with what it was given), waits RUN_MS and exits with RUN_CODE. */
const RUNNER = `
const fs = require('node:fs');
fs.writeFileSync(process.env.FAKE_RUNNER_LOG, JSON.stringify({
  pid: process.pid,
  baseUrl: process.env.E2E_BASE_URL,
  databaseUrl: process.env.E2E_DATABASE_URL,
}));
fetch(process.env.E2E_BASE_URL + '/ready').then(async (res) => {
  if (res.status !== 200) process.exit(9);
  await new Promise((r) => setTimeout(r, Number(process.env.RUN_MS ?? 0)));
  process.exit(Number(process.env.RUN_CODE ?? 0));
}, () => process.exit(8));
`;

let runs = 0;

/** Runs the wrapper with the stand-ins; resolves with its exit code, output and what the stand-ins recorded. */
function run(env = {}, args = []) {
  const dir = path.join(scratch, String(++runs));
  mkdirSync(dir);
  const files = { serverPid: path.join(dir, 'server.pid'), runnerLog: path.join(dir, 'runner.json') };
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(process.execPath, [wrapper, ...args], {
      env: {
        PATH: process.env.PATH,
        ...(process.env.TEST_DATABASE_URL ? { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
        E2E_SERVER_COMMAND: JSON.stringify([process.execPath, '-e', SERVER]),
        E2E_RUNNER_COMMAND: JSON.stringify([process.execPath, '-e', RUNNER]),
        FAKE_SERVER_PID: files.serverPid,
        FAKE_RUNNER_LOG: files.runnerLog,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      const runner = existsSync(files.runnerLog) ? JSON.parse(readFileSync(files.runnerLog, 'utf8')) : null;
      const serverPid = existsSync(files.serverPid) ? Number(readFileSync(files.serverPid, 'utf8')) : null;
      resolve({ code, signal, output, runner, serverPid, ms: Date.now() - started });
    });
  });
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('scripts/e2e.mjs', () => {
  test('passes when the runner passes against a server that stays up, and stops the server', async () => {
    const result = await run();
    assert.equal(result.code, 0, result.output);
    assert.ok(result.runner, 'the runner ran');
    assert.match(result.runner.baseUrl, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.ok(result.serverPid && !alive(result.serverPid), 'the server was stopped');
  });

  test('fails without starting the runner when the server exits at once', async () => {
    const result = await run({ EXIT_AT_ONCE: '3' });
    assert.notEqual(result.code, 0, result.output);
    assert.equal(result.runner, null, 'the runner must not start against a dead server');
    assert.match(result.output, /the server exited with code 3 before it was ready/);
  });

  test('fails without starting the runner when the server never gets ready', async () => {
    const result = await run({ NEVER_READY: '1', E2E_READY_TIMEOUT_MS: '1500' });
    assert.notEqual(result.code, 0, result.output);
    assert.equal(result.runner, null);
    assert.match(result.output, /not ready within 1.5 s/);
    assert.ok(!alive(result.serverPid), 'the server was stopped');
  });

  test('fails with the runner’s code when the browser tests fail, and stops the server', async () => {
    const result = await run({ RUN_CODE: '2' });
    assert.equal(result.code, 2, result.output);
    assert.ok(result.runner, 'the runner ran');
    assert.ok(!alive(result.serverPid), 'the server was stopped');
  });

  test('fails at once when the server dies during the run, and stops the runner', async () => {
    const result = await run({ DIE_AFTER_READY_MS: '1500', RUN_MS: '60000' });
    assert.notEqual(result.code, 0, result.output);
    assert.match(result.output, /the server exited with code 7 during the run/);
    assert.ok(result.ms < 30_000, `it waited ${result.ms} ms for a runner with no server`);
    assert.ok(!alive(result.runner.pid), 'the runner was stopped');
  });

  test('fails when the server does not stop cleanly after a passing run', async () => {
    const result = await run({ STOP_CODE: '1' });
    assert.notEqual(result.code, 0, result.output);
    assert.match(result.output, /the server did not stop cleanly: it exited with code 1/);
  });

  test('fails when the runner cannot start', async () => {
    const result = await run({ E2E_RUNNER_COMMAND: JSON.stringify([path.join(scratch, 'no-such-runner')]) });
    assert.notEqual(result.code, 0, result.output);
    assert.ok(!alive(result.serverPid), 'the server was stopped');
  });

  // On the engine of this test run: SQLite, or PostgreSQL when TEST_DATABASE_URL names one.
  test('gives the tests a fresh database and removes it afterwards', async () => {
    const pgUrl = process.env.TEST_DATABASE_URL;
    const result = await run({}, pgUrl ? ['--pg'] : []);
    assert.equal(result.code, 0, result.output);
    const { databaseUrl } = result.runner;
    if (pgUrl) {
      assert.match(databaseUrl, /^postgres:\/\/.*\/e2e_[0-9a-f]{12}$/);
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      try {
        const name = databaseUrl.split('/').pop();
        const { rows } = await client.query('select 1 from pg_database where datname = $1', [name]);
        assert.equal(rows.length, 0, `the database ${name} was dropped`);
      } finally {
        await client.end();
      }
    } else {
      assert.match(databaseUrl, /^sqlite:.*app\.db$/);
      assert.ok(
        !existsSync(path.dirname(databaseUrl.slice('sqlite:'.length))),
        'the data folder was removed',
      );
    }
  });
});
