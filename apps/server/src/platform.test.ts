import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { createTestApp, type TestApp } from './test/harness.js';
import { createMerchant } from './test/fixtures.js';
import { registerErrorHandling } from './plugins/errors.js';
import { registerRequestContext } from './plugins/request-context.js';
import { newId } from './lib/ids.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BODY_LIMIT_BYTES: '4096' });
});
afterAll(async () => t.close());

const callsTsv = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../shared/spec/calls.tsv',
);

describe('HTTP basics', () => {
  it('answers health and readiness without a session', async () => {
    expect((await t.call('GET', '/health')).body).toEqual({ status: 'ok' });
    expect((await t.call('GET', '/ready')).body).toEqual({ status: 'ready' });
  });

  it('puts a request id on every answer and in every error body', async () => {
    const ok = await t.call('GET', '/health');
    expect(ok.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const missing = await t.call('GET', '/no/such/route');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      success: false,
      message: 'No route GET /api/v1/no/such/route',
      error: {
        code: 'NOT_FOUND',
        message: 'No route GET /api/v1/no/such/route',
        requestId: missing.headers['x-request-id'],
      },
    });
  });

  it('answers 413 for a body over the limit', async () => {
    const res = await t.call('POST', '/user/signin', {
      body: { email: 'a@b.ng', password: 'x'.repeat(8000) },
    });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('validates query strings with field names', async () => {
    const m = await createMerchant(t);
    const res = await t.call('GET', '/audits', { token: m.token, query: { page: 0, perPage: 1000 } });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ page: 'Must be at least 1', perPage: 'Must be at most 100' });
  });

  it('hides the details of a server error and logs them under the request id', async () => {
    const logs: string[] = [];
    const app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => logs.push(line) } } });
    registerErrorHandling(app);
    app.get('/boom', async () => {
      throw new Error('database password is hunter2');
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('hunter2');
    expect(res.json().error.code).toBe('INTERNAL');
    expect(logs.join('')).toContain('hunter2');
    expect(logs.join('')).toContain(res.json().error.requestId);
    await app.close();
  });

  it('refuses to start with a route that declares no access rule (deny by default)', async () => {
    const app = Fastify();
    registerRequestContext(app, t.db, {} as never);
    const start = async () => {
      await app.register(async (api) => {
        api.get('/api/v1/open', async () => 'oops');
      });
      await app.ready();
    };
    await expect(start()).rejects.toThrow(/declares no access rule/);
  });

  it('serves the built web app with the strict CSP and an SPA fallback', async () => {
    const dist = path.join(tmpdir(), `tillbook-dist-${newId()}`);
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><div id="root"></div><script type="module" src="/assets/app.js"></script>',
    );
    writeFileSync(path.join(dist, 'assets', 'app.js'), 'export {}');
    const app = await buildApp({
      config: { ...t.config, WEB_DIST_DIR: dist },
      database: t.database,
      logger: false,
    });
    const page = await app.inject({ method: 'GET', url: '/sales/orders/details/123' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    const csp = String(page.headers['content-security-policy']);
    for (const rule of [
      "default-src 'self'",
      "script-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(rule);
    }
    expect(csp).not.toContain('unsafe-eval');
    const asset = await app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    const api = await app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json().success).toBe(false);
    await app.close();
  });
});

describe('configuration', () => {
  it('refuses a wrong setting with a message naming it', () => {
    expect(() => loadConfig({ PORT: 'eighty', APP_SECRET: 'x'.repeat(40) })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x', APP_SECRET: 'x'.repeat(40) })).toThrow(
      /DATABASE_URL must start with sqlite: or postgres:\/\//,
    );
    expect(() => loadConfig({ MAIL_TRANSPORT: 'smtp', APP_SECRET: 'x'.repeat(40) })).toThrow(/SMTP_URL/);
  });

  it('generates APP_SECRET into the data folder once and reuses it', () => {
    const dir = path.join(tmpdir(), `tillbook-cfg-${newId()}`);
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.APP_SECRET).toHaveLength(43);
    expect(second.APP_SECRET).toBe(first.APP_SECRET);
    expect(readFileSync(path.join(dir, 'app-secret'), 'utf8').trim()).toBe(first.APP_SECRET);
  });

  it('keeps the SQLite database in the data folder unless DATABASE_URL names one', () => {
    const secret = { APP_SECRET: 'x'.repeat(40) };
    expect(loadConfig(secret).DATABASE_URL).toBe('sqlite:data/app.db');
    expect(loadConfig({ ...secret, DATA_DIR: '/srv/shop' }).DATABASE_URL).toBe('sqlite:/srv/shop/app.db');
    expect(
      loadConfig({ ...secret, DATA_DIR: '/srv/shop', DATABASE_URL: 'postgres://db/tillbook' }).DATABASE_URL,
    ).toBe('postgres://db/tillbook');
  });
});

describe('the spec’s calls', () => {
  // Areas whose modules exist; each later module adds its area here.
  const BUILT = new Set(['auth', 'stores', 'vendors', 'purchase-orders']);
  const SETTINGS_BUILT = /^\/api\/v1\/(user|members|audits|permissions|roles|stores|shipping|tax)\b/;
  const calls = readFileSync(callsTsv, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t'))
    .map(([area, method, p]) => ({
      area: area!,
      method: method!,
      path: p!.split('?')[0]!.replace(/\{[^}]+\}/g, 'x1'),
    }))
    .filter((c) => BUILT.has(c.area) || (c.area === 'settings' && SETTINGS_BUILT.test(c.path)));

  it.each(calls)('$method $path exists', async ({ method, path: p }) => {
    const res = await t.call(method, p, {});
    // An existing route answers with its own status (401, 400, 404 for a record …), never "No route".
    expect(res.body?.message ?? '').not.toMatch(/^No route/);
  });
});
