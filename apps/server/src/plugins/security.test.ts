import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
