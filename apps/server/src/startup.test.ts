import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, NO_PROVIDER_IN_PRODUCTION, SANDBOX_IN_PRODUCTION } from './config.js';

/**
 * The payment provider at start-up (decision 0048): a production server that names none refuses
 * to start rather than run the sandbox's play money; one that names the sandbox starts and says
 * so in its log; elsewhere the sandbox stays the default. The server runs as its own process,
 * from the TypeScript sources, on a SQLite file of its own (whatever the test run's engine).
 */

const serverRoot = fileURLToPath(new URL('..', import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'tillbook-startup-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const SECRET = 'startup-secret-startup-secret-startup-1';

/** Settings of the test run that must not reach the server started here. */
const CLEARED = [
  'NODE_ENV',
  'PAYMENT_PROVIDER',
  'PAYSTACK_SECRET_KEY',
  'DATABASE_URL',
  'TEST_DATABASE_URL',
  'DATA_DIR',
  'UPLOAD_DIR',
  'APP_SECRET',
  'PORT',
  'HOST',
  'SEED_DEMO',
  'LOG_LEVEL',
];

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `src/main.ts` with these settings. Once its stdout says it is running, it is sent SIGTERM (it
 * finishes as on any stop); a process that does neither within the time is killed.
 */
function runServer(env: Record<string, string>): Promise<Run> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const key of CLEARED) delete childEnv[key];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
      cwd: serverRoot,
      env: { ...childEnv, HOST: '127.0.0.1', PORT: '0', APP_SECRET: SECRET, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
      if (stdout.includes('Tillbook is running')) child.kill('SIGTERM');
    });
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const logLines = (stdout: string) =>
  stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; msg: string });

describe('the payment provider at start-up', () => {
  it('production without PAYMENT_PROVIDER: the server exits non-zero, naming the setting, before touching its data', async () => {
    const dataDir = path.join(work, 'refused');
    const run = await runServer({ NODE_ENV: 'production', DATA_DIR: dataDir });
    expect(run.code, run.stderr).not.toBe(0);
    expect(run.code).not.toBeNull();
    expect(run.stderr).toContain(NO_PROVIDER_IN_PRODUCTION);
    expect(run.stderr).toContain('PAYMENT_PROVIDER=paystack');
    expect(run.stderr).toContain('PAYMENT_PROVIDER=sandbox');
    expect(run.stdout).not.toContain('Tillbook is running');
    // No database was made: the check comes before anything is opened.
    expect(existsSync(dataDir) ? readdirSync(dataDir) : []).toEqual([]);
  }, 90_000);

  it('production with PAYMENT_PROVIDER=sandbox: starts, with a warning in the log', async () => {
    const run = await runServer({
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'sandbox',
      DATA_DIR: path.join(work, 'sandbox'),
    });
    expect(run.stdout, run.stderr).toContain('Tillbook is running');
    expect(run.code, run.stderr).toBe(0);
    const warning = logLines(run.stdout).find((l) => l.msg === SANDBOX_IN_PRODUCTION);
    expect(warning?.level).toBe(40); // pino's warn
  }, 90_000);

  it('loadConfig: the same rule; outside production the sandbox stays the default (`npm start` on a new machine)', () => {
    const dataDir = path.join(work, 'config');
    const base = { APP_SECRET: SECRET, DATA_DIR: dataDir };
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(/PAYMENT_PROVIDER=paystack/);
    expect(
      loadConfig({ ...base, NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' }).PAYMENT_PROVIDER,
    ).toBe('sandbox');
    expect(
      loadConfig({
        ...base,
        NODE_ENV: 'production',
        PAYMENT_PROVIDER: 'paystack',
        PAYSTACK_SECRET_KEY: 'sk_test_x',
      }).PAYMENT_PROVIDER,
    ).toBe('paystack');
    expect(loadConfig(base).PAYMENT_PROVIDER).toBe('sandbox');
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).PAYMENT_PROVIDER).toBe('sandbox');
  });
});
