import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type Merchant } from '../test/fixtures.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { createProduct, order } from '../test/sales-fixtures.js';
import { COMPRESS_THRESHOLD_BYTES } from './compression.js';

let t: TestApp;
let m: Merchant;
let orderId: string;

const BROWSER = 'gzip, deflate, br, zstd';

beforeAll(async () => {
  t = await createTestApp();
  m = await createMerchant(t);
  let first = '';
  for (let i = 0; i < 12; i++) {
    const p = await createProduct(t, m, { name: `Indomie Chicken 70g pack ${i}`, price: 25_000 + i });
    first ||= p.id;
  }
  const placed = await order(t, m, { items: [{ product_id: first, quantity: 1 }] });
  orderId = placed.body.data.id;
});
afterAll(async () => t.close());

/** The raw answer (the harness reads bodies as text, which compressed bytes are not). */
async function get(url: string, acceptEncoding?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1${url}`,
    headers: { authorization: m.token, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });
  return { status: res.statusCode, headers: res.headers, data: res.rawPayload };
}

describe('compressed answers', () => {
  it('sends a JSON answer of 1 KB or more in brotli to a browser, and in gzip to a gzip-only client', async () => {
    const plain = await get('/product/paginated/results?perPage=20');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.data.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    const json = JSON.parse(plain.data.toString('utf8'));
    expect(json.data).toHaveLength(12);

    const br = await get('/product/paginated/results?perPage=20', BROWSER);
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.data.length);
    expect(br.data.length).toBeLessThan(plain.data.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.data).toString('utf8'))).toEqual(json);

    const gz = await get('/product/paginated/results?perPage=20', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.data).toString('utf8'))).toEqual(json);
  });

  it('sends small answers as they are', async () => {
    const small = await get('/product/paginated/results?perPage=1&search=nothing-matches-this', BROWSER);
    expect(small.status).toBe(200);
    expect(small.data.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.data.toString('utf8')).success).toBe(true);
  });

  it('streams a CSV export compressed, and it reads back whole', async () => {
    const plain = await get('/product/export');
    expect(plain.status).toBe(200);
    const csv = plain.data.toString('utf8');
    expect(csv.trim().split('\n')).toHaveLength(13);

    const gz = await get('/product/export', BROWSER);
    expect(gz.status).toBe(200);
    expect(gz.headers['content-encoding']).toBe('br');
    expect(String(gz.headers['content-type'])).toMatch(/^text\/csv/);
    expect(String(gz.headers['content-disposition'])).toMatch(/attachment/);
    expect(brotliDecompressSync(gz.data).toString('utf8')).toBe(csv);
  });

  it('sends a PDF as it is (it is compressed already)', async () => {
    const pdf = await get(`/order/${orderId}/invoice.pdf`, BROWSER);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(pdf.data.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('does not unpack compressed request bodies: the body limit counts the bytes sent', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/product/create',
      headers: { authorization: m.token, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ name: 'Zipped bomb', price: 100 })),
    });
    expect(res.statusCode).toBe(400);
    const found = await get('/product/paginated/results?search=zipped');
    expect(JSON.parse(found.data.toString('utf8')).data).toEqual([]);
  });
});
