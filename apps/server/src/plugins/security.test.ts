import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, PASSWORD, PNG_1X1 } from '../test/fixtures.js';
import { fileUpload } from '../test/multipart.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { captureHeaders } from './security.js';

const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** What a middleware really sets on a Node response, read back by an HTTP client. */
async function headersOverHttp(middleware: ReturnType<typeof helmet>): Promise<IncomingHttpHeaders> {
  const server = createServer((req, res) => middleware(req, res, () => res.end('ok')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    return Object.fromEntries(res.headers.entries());
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('captureHeaders', () => {
  it('captures exactly the headers helmet sets on a real response', async () => {
    const middleware = helmet({ crossOriginEmbedderPolicy: false, strictTransportSecurity: false });
    const real = await headersOverHttp(middleware);
    const captured = captureHeaders(middleware);
    for (const [name, value] of Object.entries(captured)) expect(real[name], name).toBe(value);
    const realSecurityHeaders = Object.keys(real).filter((h) => SECURITY_HEADERS.includes(h));
    expect(Object.keys(captured).sort()).toEqual(realSecurityHeaders.sort());
  });
});

describe('security headers and CORS', () => {
  let t: TestApp;
  let crossOrigin: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    crossOrigin = await createTestApp({ CORS_ORIGINS: 'https://shop.example.ng' });
  });
  afterAll(async () => {
    await t.close();
    await crossOrigin.close();
  });

  it('sends every security header on API answers, errors included', async () => {
    for (const res of [
      await t.call('GET', '/health'),
      await t.call('GET', '/product/'),
      await t.call('GET', '/nothing-here'),
    ]) {
      for (const header of SECURITY_HEADERS) expect(res.headers[header], header).toBeTruthy();
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('answers other origins with no CORS headers unless they are configured', async () => {
    const headers = { origin: 'https://elsewhere.example.com' };
    const res = await t.call('GET', '/health', { headers });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();

    const allowed = await crossOrigin.call('GET', '/health', {
      headers: { origin: 'https://shop.example.ng' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://shop.example.ng');
    expect(allowed.headers['access-control-expose-headers']).toContain('x-request-id');
    const refused = await crossOrigin.call('GET', '/health', { headers });
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('request ids and caching of API answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  // Issue 15, finding 8: a client's X-Request-Id was echoed as given, into logs and answers.
  it("keeps a client's X-Request-Id only in a safe shape, and makes one up otherwise", async () => {
    const kept = await t.call('GET', '/no/such/route', {
      headers: { 'x-request-id': 'till-7.Lagos_2026-01' },
    });
    expect(kept.headers['x-request-id']).toBe('till-7.Lagos_2026-01');
    expect(kept.body.error.requestId).toBe('till-7.Lagos_2026-01');
    for (const hostile of ['<script>alert(1)</script>', 'a'.repeat(65), 'id with spaces', '../../etc', '']) {
      const res = await t.call('GET', '/no/such/route', { headers: { 'x-request-id': hostile } });
      expect(res.headers['x-request-id'], hostile).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.body.error.requestId, hostile).toBe(res.headers['x-request-id']);
    }
    const longest = 'b'.repeat(64);
    expect(
      (await t.call('GET', '/health', { headers: { 'x-request-id': longest } })).headers['x-request-id'],
    ).toBe(longest);
  });

  // Issue 15, finding 8: answers holding a merchant's data could be kept by a browser or proxy cache.
  it('marks every API answer private, no-store: JSON, CSV, sign-in and errors; uploaded files stay cacheable', async () => {
    const m = await createMerchant(t);
    const answers = [
      await t.call('GET', '/customers/paginated-results', { token: m.token }),
      await t.call('GET', '/customers/export', { token: m.token }),
      await t.call('POST', '/user/singleuser', { token: m.token }),
      await t.call('POST', '/user/signin', { body: { email: m.email, password: PASSWORD } }),
      await t.call('GET', '/customers/paginated-results'),
      await t.call('GET', '/customers/paginated-results', { token: m.token, query: { perPage: 1000 } }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 401, 400]);
    expect(String(answers[1]!.headers['content-type'])).toContain('text/csv');
    for (const a of answers) expect(a.headers['cache-control']).toBe('private, no-store');

    const upload = fileUpload(PNG_1X1, 'logo.png', 'image/png');
    const logo = await t.call('PATCH', '/user/brand-photo', { token: m.token, ...upload });
    const file = await t.call('GET', logo.body.data.logo_url);
    expect(file.status).toBe(200);
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
