// Browser tests: starts the built server on a free port with a fresh SQLite database in a
// temporary folder, waits for /ready, runs Playwright (Debian's Chromium) against it, stops it.
//   node scripts/e2e.mjs [playwright args]     run e2e/*.spec.ts
//   node scripts/e2e.mjs --screenshots         take the screenshots of e2e/screenshots.shots.ts
//   node scripts/e2e.mjs --serve               only start the server (Ctrl+C stops it)
// E2E_PORT picks the port (default: any free one).
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
const passThrough = args.filter((a) => a !== '--serve' && a !== '--screenshots');

for (const file of ['apps/server/dist/main.js', 'apps/web/dist/index.html']) {
  if (!existsSync(path.join(root, file))) {
    console.error(`${file} is missing: run \`npm run build\` first.`);
    process.exit(1);
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

async function waitForReady(url, server, timeoutMs = 60_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${url}/ready`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server was not ready within ${timeoutMs / 1000} s`);
}

const port = Number(process.env.E2E_PORT) || (await freePort());
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tillbook-e2e-'));
const dbPath = path.join(dataDir, 'app.db');
const baseUrl = `http://127.0.0.1:${port}`;
const serverEnv = {
  ...process.env,
  NODE_ENV: 'production',
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: `sqlite:${dbPath}`,
  APP_SECRET: randomBytes(32).toString('base64url'),
  PUBLIC_URL: baseUrl,
  MAIL_TRANSPORT: 'log',
  // Every browser test signs up its own shop from 127.0.0.1: more than a real address ever would.
  SIGNUP_MAX_PER_IP_HOUR: '1000',
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
};

const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  env: serverEnv,
  stdio: ['ignore', 'inherit', 'inherit'],
});

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  server.once('exit', () => {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(code);
  });
  server.kill('SIGTERM');
  setTimeout(() => server.kill('SIGKILL'), 10_000).unref();
}
process.on('SIGINT', () => stop(130));
process.on('SIGTERM', () => stop(143));

try {
  await waitForReady(baseUrl, server);
} catch (error) {
  console.error(`e2e: ${error.message}`);
  stop(1);
}

if (serveOnly) {
  console.log(`e2e server: ${baseUrl} (database ${dbPath}); Ctrl+C stops it`);
} else {
  const config = screenshots ? 'e2e/screenshots.config.ts' : 'e2e/playwright.config.ts';
  const runner = spawn(
    process.execPath,
    [path.join(root, 'node_modules/@playwright/test/cli.js'), 'test', '-c', config, ...passThrough],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, E2E_BASE_URL: baseUrl, E2E_DB_PATH: dbPath },
    },
  );
  runner.on('exit', (code) => stop(code ?? 1));
}
