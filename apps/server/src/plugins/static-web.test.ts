import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
let dist: string;

const INDEX = `<!doctype html><html><head><title>Tillbook</title></head><body>${'<div></div>'.repeat(200)}</body></html>`;
const SCRIPT = `export const greeting = ${JSON.stringify('Welcome back to Tillbook. '.repeat(200))};\n`;
const TILL_PAGE = INDEX.replace(
  '</head>',
  '<link rel="modulepreload" crossorigin href="/assets/till-B4dF9x2Q.js"></head>',
);
const SERVICE_WORKER = "importScripts('/workbox-2178cfdb.js');\n";
const ICON = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>';

/** A built web app as Vite writes it: hashed assets, each text file with .br and .gz copies. */
function writeDist(dir: string) {
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  const withCopies = (file: string, text: string) => {
    writeFileSync(path.join(dir, file), text);
    writeFileSync(path.join(dir, `${file}.br`), brotliCompressSync(text));
    writeFileSync(path.join(dir, `${file}.gz`), gzipSync(text));
  };
  withCopies('index.html', INDEX);
  mkdirSync(path.join(dir, 'sales/orders'), { recursive: true });
  withCopies('sales/orders/generate.html', TILL_PAGE);
  withCopies('assets/index-B4dF9x2Q.js', SCRIPT);
  // Under the build's 1 KB threshold: no compressed copies.
  writeFileSync(path.join(dir, 'favicon.svg'), ICON);
  // The app shell's service worker, its Workbox runtime and the manifest (vite-plugin-pwa).
  writeFileSync(path.join(dir, 'sw.js'), SERVICE_WORKER);
  writeFileSync(path.join(dir, 'workbox-2178cfdb.js'), 'define([], function () {});\n');
  writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"Tillbook","start_url":"/"}');
}

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'tillbook-web-dist-'));
  writeDist(dist);
  t = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

async function get(url: string, acceptEncoding?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });
  return { status: res.statusCode, headers: res.headers, data: res.rawPayload };
}

describe('the web app files', () => {
  it('sends a hashed script as its brotli copy to a browser, cached for a year', async () => {
    const res = await get('/assets/index-B4dF9x2Q.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers['content-type'])).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.data.length).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(res.data).toString('utf8')).toBe(SCRIPT);
  });

  it('sends the gzip copy to a client without brotli, and the file itself to one without either', async () => {
    const gz = await get('/assets/index-B4dF9x2Q.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.data).toString('utf8')).toBe(SCRIPT);

    const plain = await get('/assets/index-B4dF9x2Q.js');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.data.toString('utf8')).toBe(SCRIPT);
  });

  it('answers a screen address with index.html, compressed and checked on every visit', async () => {
    for (const url of ['/', '/home', '/sales/orders', '/sales/orders/generate/x']) {
      const res = await get(url, 'gzip, deflate, br');
      expect(res.status, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(String(res.headers['content-type']), url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.data).toString('utf8'), url).toBe(INDEX);
    }
  });

  it("answers the till's address with the page the build made for it, naming the till's code", async () => {
    for (const url of [
      '/sales/orders/generate',
      '/sales/orders/generate?customer=1',
      '/sales/orders/generate/',
    ]) {
      const res = await get(url, 'gzip, deflate, br');
      expect(res.status, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.data).toString('utf8'), url).toBe(TILL_PAGE);
    }
  });

  it('answers an address it cannot decode with a 400, never a server error', async () => {
    expect((await get('/sales/%E0%A4%A', 'br')).status).toBe(400);
  });

  it('sends a small file without a compressed copy as it is, and never index.html for a missing file', async () => {
    const icon = await get('/favicon.svg', 'gzip, deflate, br');
    expect(icon.status).toBe(200);
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.headers['cache-control']).toBe('no-cache');
    expect(icon.data.toString('utf8')).toBe(ICON);

    expect((await get('/assets/gone-XXXXXXXX.js', 'br')).status).toBe(404);
    const api = await get('/api/v1/no-such-call', 'br');
    expect(api.status).toBe(404);
    expect(String(api.headers['content-type'])).toMatch(/json/);
  });
});

describe('the app shell (decision 0036)', () => {
  it('serves the service worker itself from the origin, checked on every use, under the strict CSP', async () => {
    const res = await get('/sw.js');
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^(text|application)\/javascript/);
    // A worker cached for a year would pin the old version for a year.
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(res.data.toString('utf8')).toBe(SERVICE_WORKER);
  });

  it('serves the Workbox runtime and the manifest as files, not the app page', async () => {
    const runtime = await get('/workbox-2178cfdb.js');
    expect(runtime.status).toBe(200);
    expect(String(runtime.headers['content-type'])).toMatch(/javascript/);
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(String(manifest.headers['content-type'])).toMatch(/^application\/manifest\+json/);
  });

  it('answers 404 for a worker file that is not there, never the app page', async () => {
    const res = await get('/workbox-00000000.js');
    expect(res.status).toBe(404);
    expect(res.data.toString('utf8')).not.toContain('<title>Tillbook</title>');
  });
});
