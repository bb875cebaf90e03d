import { gtinCheckDigit, PRODUCT_FILE_COLUMNS } from '@tillbook/contract/products';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toXlsx } from '../../lib/spreadsheet.js';
import { createMerchant, createStaff, type Merchant, auditOf } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { fileUpload, TINY_PNG } from '../../test/multipart.js';

let t: TestApp;
let m: Merchant;

beforeAll(async () => {
  t = await createTestApp();
  m = await createMerchant(t);
});
afterAll(async () => t.close());

const CSV = 'text/csv';
const upload = (
  content: string | Buffer,
  query: Record<string, string> = {},
  who: Merchant = m,
  name = 'products.csv',
) => t.call('POST', '/product/upload', { token: who.token, query, ...fileUpload(content, name, CSV) });

async function countProducts(storeId = m.storeId) {
  const row = await t.db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('store_id', '=', storeId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const GOOD_AND_BAD = [
  'Name,SKU,Barcode,Price,Sale Price,Cost Price,Quantity,Track Stock,Categories,Unit',
  'Honeywell Semolina 1kg,HW-SEM-1,,"1,900.00",,1650,30,yes,Grains & Flour,bag',
  ',NO-NAME,,500,,,1,yes,,',
  'Ijebu Garri 2kg,GARRI-2,,2800.555,,,5,yes,Grains & Flour,bag',
  'Dangote Sugar 500g,SUGAR-500,5901234123458,1300,,,10,yes,,pack',
  'Kings Oil 1L,OIL-1,,3300,3500,,4,maybe,Oils,bottle',
  'Peak Milk 400g,MILK-400,,3900,,,-2,yes,Dairy,tin',
  'Milo 500g,HW-SEM-1,,4200,,,3,yes,Beverages,pack',
  'Gift Wrapping,WRAP,,500,,,,no,Services,piece',
  '',
].join('\n');

describe('product import', () => {
  it('writes the valid rows in one go and reports each rejected row with its line and reason', async () => {
    const before = await countProducts();
    const res = await upload(GOOD_AND_BAD);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.message).toBe('Imported products: 2 created, 0 updated, 0 unchanged; 6 rows rejected.');
    expect(res.body.data).toMatchObject({
      rows: 8,
      created: 2,
      updated: 0,
      unchanged: 0,
      written: true,
      atomic: false,
    });
    expect(res.body.data.rejected).toEqual([
      { line: 3, field: 'name', reason: 'Name is required' },
      { line: 4, field: 'price', reason: 'Price can have at most 2 decimal places' },
      {
        line: 5,
        field: 'barcode',
        reason: 'Barcode check digit is wrong (the last digit should be 7); check it was typed correctly',
      },
      { line: 6, field: 'track_stock', reason: 'Track stock must be yes or no' },
      { line: 7, field: 'quantity', reason: 'Quantity cannot be negative' },
      { line: 8, field: 'sku', reason: 'SKU "HW-SEM-1" is already on line 2' },
    ]);
    expect(await countProducts()).toBe(before + 2);

    const semolina = await t.call('GET', '/product/search-barcode', {
      token: m.token,
      query: { barcode: 'HW-SEM-1' },
    });
    expect(semolina.body.data).toMatchObject({
      name: 'Honeywell Semolina 1kg',
      price: 190000,
      cost_price: 165000,
      quantity: 30,
      unit: 'bag',
      category: 'Grains & Flour',
    });
    const ledger = await t.call('GET', `/product/${semolina.body.data.id}/stock-movements`, {
      token: m.token,
    });
    expect(ledger.body.data).toEqual([
      expect.objectContaining({
        reason: 'import',
        quantity_change: 30,
        quantity_after: 30,
        note: 'Line 2 of products.csv',
      }),
    ]);
    const wrap = await t.call('GET', '/product/search-barcode', {
      token: m.token,
      query: { barcode: 'WRAP' },
    });
    expect(wrap.body.data).toMatchObject({ track_stock: false, quantity: 0 });
    // Categories of rejected rows were not created.
    const categories = (await t.call('GET', '/product/categories', { token: m.token })).body.data.map(
      (c: { name: string }) => c.name,
    );
    expect(categories.sort()).toEqual(['Grains & Flour', 'Services']);
    const audit = await auditOf(t, 'product.imported', { storeId: m.storeId });
    expect(audit.summary).toBe(
      'Imported products from "products.csv": 2 created, 0 updated, 0 unchanged, 6 rejected',
    );
  });

  it('with atomic=true writes nothing when any row fails', async () => {
    const before = await countProducts();
    const categoriesBefore = (await t.call('GET', '/product/categories', { token: m.token })).body.data
      .length;
    const res = await upload(GOOD_AND_BAD.replace(/HW-SEM-1/g, 'ATOM-1').replace('GARRI-2', 'ATOM-2'), {
      atomic: 'true',
    });
    expect(res.status).toBe(422);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toBe(
      'Nothing was imported: 6 rows of 8 rows have errors. Correct them and upload the file again.',
    );
    expect(res.body.error.fields['line 3']).toBe('Name is required');
    expect(res.body.data).toMatchObject({ created: 0, written: false, atomic: true });
    expect(res.body.data.rejected).toHaveLength(6);
    expect(await countProducts()).toBe(before);
    expect((await t.call('GET', '/product/categories', { token: m.token })).body.data.length).toBe(
      categoriesBefore,
    );
  });

  it('does not duplicate on a re-upload, and updates what changed (stock through the ledger)', async () => {
    const file = [
      'name,sku,barcode,price,quantity,categories',
      'Malta Guinness Can,MALTA-33,,650,48,Soft Drinks',
      'Eva Water 75cl,,6151100070050,250,100,Soft Drinks',
      'Plantain Chips,,,700,20,Snacks',
    ].join('\r\n');
    const first = await upload(file);
    expect(first.body.data).toMatchObject({ created: 3, updated: 0, unchanged: 0, rejected: [] });
    const count = await countProducts();

    const again = await upload(file);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ created: 0, updated: 0, unchanged: 3, rejected: [] });
    expect(await countProducts()).toBe(count);

    const changed = file.replace(
      'Malta Guinness Can,MALTA-33,,650,48',
      'Malta Guinness 33cl Can,MALTA-33,,700,40',
    );
    const third = await upload(changed);
    expect(third.body.data).toMatchObject({ created: 0, updated: 1, unchanged: 2 });
    expect(await countProducts()).toBe(count);
    const malta = (
      await t.call('GET', '/product/search-barcode', { token: m.token, query: { barcode: 'MALTA-33' } })
    ).body.data;
    expect(malta).toMatchObject({ name: 'Malta Guinness 33cl Can', price: 70000, quantity: 40 });
    const ledger = await t.call('GET', `/product/${malta.id}/stock-movements`, { token: m.token });
    expect(ledger.body.data[0]).toMatchObject({ reason: 'import', quantity_change: -8, quantity_after: 40 });
    expect(ledger.body.data[0].note).toBe('Quantity set from 48 to 40 by line 2 of products.csv');
  });

  it('refuses a row whose SKU and barcode belong to two different products', async () => {
    await upload('name,sku,barcode,price\nA,CLASH-A,,100\nB,CLASH-B,4006381333931,100\n');
    const res = await upload('name,sku,barcode,price\nA,CLASH-A,4006381333931,100\n');
    expect(res.status).toBe(422);
    expect(res.body.data.rejected).toEqual([
      {
        line: 2,
        field: 'barcode',
        reason: 'SKU "CLASH-A" is "A" but barcode "4006381333931" belongs to "B"',
      },
    ]);
  });

  it('imports an Excel workbook', async () => {
    const xlsx = await toXlsx(
      'Products',
      ['Product Name', 'SKU', 'Selling Price', 'Qty', 'Category'],
      [
        ['Nasco Cornflakes 350g', 'NASCO-350', 2700, 12, 'Breakfast'],
        ['Cabin Biscuits', 'CABIN', '500.00', 30, 'Snacks'],
      ],
      ['SKU'],
    );
    const res = await t.call('POST', '/product/upload', {
      token: m.token,
      ...fileUpload(xlsx, 'stock.xlsx', 'application/octet-stream'),
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ rows: 2, created: 2, rejected: [] });
    const cornflakes = await t.call('GET', '/product/search-barcode', {
      token: m.token,
      query: { barcode: 'NASCO-350' },
    });
    expect(cornflakes.body.data).toMatchObject({ price: 270000, quantity: 12, category: 'Breakfast' });
  });

  it('refuses a file that is not CSV or XLSX whatever its name says', async () => {
    const png = await upload(TINY_PNG, {}, m, 'products.csv');
    expect(png.status).toBe(415);
    expect(png.body.message).toBe(
      'The file is not a CSV or an Excel (.xlsx) workbook. Save it as .csv or .xlsx and try again.',
    );
    const fakeZip = await upload(Buffer.from('PK\u0003\u0004 not really a workbook'), {}, m, 'products.xlsx');
    expect(fakeZip.status).toBe(415);
    const noFile = await t.call('POST', '/product/upload', { token: m.token, body: { name: 'x' } });
    expect(noFile.status).toBe(415);
    const header = await upload('colour,size\nred,big\n');
    expect(header.status).toBe(400);
    expect(header.body.message).toBe(
      'The file has no "name" column. Download the template to see the columns.',
    );
  });

  it('round-trips: the template and an export import cleanly, and an export changes nothing', async () => {
    const template = await t.call('GET', '/product/upload/template', { token: m.token });
    expect(template.headers['content-disposition']).toBe('attachment; filename="products-template.csv"');
    const templated = await upload(String(template.body));
    // "Gift Wrapping" exists already (no SKU in the template row, so it matches by name); the
    // shirt's two rows are one product with sizes.
    expect(templated.body.data).toMatchObject({ rows: 6, created: 4, rejected: [] });
    expect(templated.body.data.updated + templated.body.data.unchanged).toBe(1);
    const xlsxTemplate = await t.call('GET', '/product/upload/template', {
      token: m.token,
      query: { format: 'xlsx' },
    });
    expect(xlsxTemplate.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );

    const count = await countProducts();
    const exported = await t.call('GET', '/product/export', { token: m.token, query: { status: 'all' } });
    const res = await upload(String(exported.body));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ created: 0, updated: 0, unchanged: count, rejected: [] });
  });

  it('leaves every product with a quantity equal to the sum of its stock movements', async () => {
    const rows = await t.db
      .selectFrom('products as p')
      .leftJoin('stock_movements as s', (j) =>
        j.onRef('s.store_id', '=', 'p.store_id').onRef('s.product_id', '=', 'p.id'),
      )
      .select(['p.name', 'p.quantity'])
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('s.quantity_change'), eb.lit(0)).as('ledger'))
      .where('p.store_id', '=', m.storeId)
      .groupBy(['p.id', 'p.name', 'p.quantity'])
      .execute();
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows)
      expect({ name: row.name, quantity: Number(row.ledger) }).toEqual({
        name: row.name,
        quantity: Number(row.quantity),
      });
  });

  it('imports 1,000 rows that searches prepared before the import find, and refreshes PostgreSQL statistics', async () => {
    const search = (text: string) =>
      t.call('GET', '/product/paginated/results', {
        token: m.token,
        query: { search: text, perPage: 100 },
      });
    // Run twice while none of these products exist, so each engine holds a prepared statement
    // (a named one on PostgreSQL from its second use) planned for an empty result.
    for (let i = 0; i < 2; i++) {
      expect((await search('Bulk rice')).body.pagination.total).toBe(0);
      expect((await search('BULK-RICE-999')).body.pagination.total).toBe(0);
    }
    const before = await countProducts();
    const lines = Array.from(
      { length: 1000 },
      (_, i) => `Bulk rice ${i},BULK-RICE-${i},,1500,,,2,yes,Bulk,bag`,
    );
    const res = await upload(
      ['Name,SKU,Barcode,Price,Sale Price,Cost Price,Quantity,Track Stock,Categories,Unit', ...lines].join(
        '\n',
      ),
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ created: 1000, updated: 0, rejected: [], written: true });
    expect(await countProducts()).toBe(before + 1000);

    const all = await search('Bulk rice');
    expect(all.body.pagination.total).toBe(1000);
    expect(all.body.data).toHaveLength(100);
    const one = await search('BULK-RICE-999');
    expect(one.body.data).toEqual([
      expect.objectContaining({ name: 'Bulk rice 999', sku: 'BULK-RICE-999', price: 150_000, quantity: 2 }),
    ]);
    const ledger = await t.db
      .selectFrom('stock_movements as s')
      .innerJoin('products as p', (j) =>
        j.onRef('p.store_id', '=', 's.store_id').onRef('p.id', '=', 's.product_id'),
      )
      .select((eb) => [
        eb.fn.countAll<number>().as('rows'),
        eb.fn.sum<number>('s.quantity_change').as('units'),
      ])
      .where('p.store_id', '=', m.storeId)
      .where('p.sku', 'like', 'BULK-RICE-%')
      .executeTakeFirstOrThrow();
    expect({ rows: Number(ledger.rows), units: Number(ledger.units) }).toEqual({ rows: 1000, units: 2000 });

    // PostgreSQL keeps a prepared statement's generic plan until the table's statistics change:
    // the import refreshes them. SQLite plans each statement when it is prepared (above).
    if (t.database.engine === 'postgres') {
      const { rows } = await sql<{ relname: string; analyzed: boolean }>`
        select relname, last_analyze is not null as analyzed from pg_stat_user_tables
        where schemaname = current_schema() and relname in ('products', 'search_terms')
        order by relname`.execute(t.db);
      expect(rows).toEqual([
        { relname: 'products', analyzed: true },
        { relname: 'search_terms', analyzed: true },
      ]);
    }
  });

  it('needs products.manage', async () => {
    const cashier = await createStaff(t, m, 'cashier');
    expect((await upload('name,price\nX,1\n', {}, cashier)).status).toBe(403);
    expect((await t.call('GET', '/product/upload/template', { token: cashier.token })).status).toBe(200);
  });
});

describe('import limits', () => {
  let small: TestApp;
  let owner: Merchant;
  beforeAll(async () => {
    small = await createTestApp({ IMPORT_LIMIT_BYTES: '2048', IMPORT_MAX_ROWS: '5' });
    owner = await createMerchant(small);
  });
  afterAll(async () => small.close());

  const send = (content: string) =>
    small.call('POST', '/product/upload', { token: owner.token, ...fileUpload(content, 'p.csv', CSV) });

  it('answers 413 naming the limit for a file too large or with too many rows', async () => {
    const big = await send(`name,price\n${'Long product name here,100\n'.repeat(100)}`);
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('The file is larger than the 2 KB limit. Split it into smaller files.');
    const rows = await send(`name,price\n${Array.from({ length: 6 }, (_, i) => `P${i},100`).join('\n')}\n`);
    expect(rows.status).toBe(413);
    expect(rows.body.message).toBe(
      'The file has more than 5 rows, the limit for one import. Split it into smaller files.',
    );
    const ok = await send(`name,price\n${Array.from({ length: 5 }, (_, i) => `P${i},100`).join('\n')}\n`);
    expect(ok.status).toBe(200);
  });
});

describe('variants and packs in the file', () => {
  let shop: Merchant;
  beforeAll(async () => {
    shop = await createMerchant(t);
  });

  const ean = (body: string) => body + gtinCheckDigit(body);
  const CARTON = ean('615110007011');
  const file = (rows: Array<Partial<Record<(typeof PRODUCT_FILE_COLUMNS)[number], string>>>) =>
    [
      PRODUCT_FILE_COLUMNS.join(','),
      ...rows.map((r) => PRODUCT_FILE_COLUMNS.map((c) => r[c] ?? '').join(',')),
    ].join('\r\n');
  const send = (content: string, query: Record<string, string> = {}) => upload(content, query, shop);
  const byCode = async (code: string) =>
    (await t.call('GET', '/product/search-barcode', { token: shop.token, query: { barcode: code } })).body
      .data;
  const movements = async (storeId = shop.storeId) =>
    Number(
      (
        await t.db
          .selectFrom('stock_movements')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('store_id', '=', storeId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const shirt = {
    name: 'Ankara Shirt',
    price: '8500',
    cost_price: '6000',
    unit: 'piece',
    categories: 'Clothing',
  };
  const SHIRTS_AND_MILK = file([
    { ...shirt, sku: 'ANK-S', quantity: '10', option1_name: 'Size', option1_value: 'S' },
    { ...shirt, sku: 'ANK-M', price: '9000', quantity: '8', option1_name: 'Size', option1_value: 'M' },
    {
      name: 'Peak Milk 400g Tin',
      sku: 'PEAK-TIN',
      price: '2600',
      quantity: '96',
      unit: 'tin',
      pack1_name: 'carton',
      pack1_units: '24',
      pack1_barcode: CARTON,
      pack1_price: '60000',
      pack2_name: 'half carton',
      pack2_units: '12',
      pack2_price: '30500',
    },
  ]);

  it('creates a product with sizes from its rows, stock per variant in the ledger, and a product with packs', async () => {
    const before = await countProducts(shop.storeId);
    const res = await send(SHIRTS_AND_MILK);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ rows: 3, created: 2, updated: 0, unchanged: 0, rejected: [] });
    expect(await countProducts(shop.storeId)).toBe(before + 2);

    const ankara = await byCode('ANK-M');
    expect(ankara).toMatchObject({
      name: 'Ankara Shirt',
      sku: 'ANK-S',
      price: 850_000,
      quantity: 18,
      category: 'Clothing',
      options: [{ name: 'Size', values: ['S', 'M'] }],
    });
    expect(ankara.variants).toEqual([
      expect.objectContaining({
        options: { Size: 'S' },
        name: 'S',
        sku: 'ANK-S',
        price: 850_000,
        quantity: 10,
      }),
      expect.objectContaining({
        options: { Size: 'M' },
        name: 'M',
        sku: 'ANK-M',
        price: 900_000,
        quantity: 8,
      }),
    ]);
    expect(ankara.variants[0].id).toBe(ankara.id);
    expect(ankara.variants[1].barcode).toMatch(/^\d{13}$/);
    const ledger = await t.call('GET', `/product/${ankara.id}/stock-movements`, { token: shop.token });
    expect(
      ledger.body.data
        .map((m: { variant_id: string; reason: string; quantity_change: number; note: string }) => ({
          variant: m.variant_id,
          reason: m.reason,
          change: m.quantity_change,
          note: m.note,
        }))
        .sort((a: { change: number }, b: { change: number }) => a.change - b.change),
    ).toEqual([
      { variant: ankara.variants[1].id, reason: 'import', change: 8, note: 'Line 3 of products.csv' },
      { variant: ankara.id, reason: 'import', change: 10, note: 'Line 2 of products.csv' },
    ]);

    const milk = await byCode(CARTON);
    expect(milk).toMatchObject({ name: 'Peak Milk 400g Tin', quantity: 96, unit: 'tin', options: [] });
    expect(milk.pack).toEqual({ name: 'carton', factor: 24, barcode: CARTON, price: 6_000_000 });
    expect(milk.variants).toHaveLength(1);
    expect(milk.variants[0].packs).toEqual([
      { name: 'carton', factor: 24, barcode: CARTON, price: 6_000_000 },
      { name: 'half carton', factor: 12, barcode: expect.stringMatching(/^\d{13}$/), price: 3_050_000 },
    ]);
  });

  it('round-trips: the exported file imports back creating nothing and moving no stock', async () => {
    // A fourth pack does not fit the file's three columns: it must survive the round trip.
    const tin = await byCode('PEAK-TIN');
    const fourPacks = await t.call('PUT', `/product/${tin.id}`, {
      token: shop.token,
      body: {
        packs: [
          ...tin.variants[0].packs,
          { name: 'crate', factor: 48, price: 11_500_000 },
          { name: 'pallet', factor: 480, price: 110_000_000 },
        ],
      },
    });
    expect(fourPacks.status, JSON.stringify(fourPacks.body)).toBe(200);
    const products = async () =>
      (
        await t.call('GET', '/product/paginated/results', {
          token: shop.token,
          query: { perPage: 100, status: 'all' },
        })
      ).body.data;
    const count = await countProducts(shop.storeId);
    const ledger = await movements();
    const before = await products();

    const exported = await t.call('GET', '/product/export', { token: shop.token, query: { status: 'all' } });
    const text = String(exported.body);
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(1 + count + 1);
    const res = await send(text);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ created: 0, updated: 0, unchanged: count, rejected: [] });
    expect(await countProducts(shop.storeId)).toBe(count);
    expect(await movements()).toBe(ledger);
    expect(await products()).toEqual(before);
    expect((await byCode('PEAK-TIN')).variants[0].packs.map((p: { name: string }) => p.name)).toEqual([
      'carton',
      'half carton',
      'crate',
      'pallet',
    ]);
  });

  it('updates variants by SKU, adds a size, and sets stock per variant through the ledger', async () => {
    const res = await send(
      file([
        { ...shirt, sku: 'ANK-S', quantity: '10', option1_name: 'Size', option1_value: 'S' },
        { ...shirt, sku: 'ANK-M', price: '9500', quantity: '6', option1_name: 'Size', option1_value: 'M' },
        { ...shirt, quantity: '5', option1_name: 'Size', option1_value: 'L' },
      ]),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ created: 0, updated: 1, unchanged: 0, rejected: [] });
    const ankara = await byCode('ANK-S');
    expect(ankara.options).toEqual([{ name: 'Size', values: ['S', 'M', 'L'] }]);
    expect(ankara.quantity).toBe(21);
    expect(
      ankara.variants.map((v: { name: string; price: number; quantity: number }) => [
        v.name,
        v.price,
        v.quantity,
      ]),
    ).toEqual([
      ['S', 850_000, 10],
      ['M', 950_000, 6],
      ['L', 850_000, 5],
    ]);
    expect(ankara.variants[2].sku).toMatch(/^SKU-\d{6}$/);
    const ledger = (await t.call('GET', `/product/${ankara.id}/stock-movements`, { token: shop.token })).body
      .data;
    expect(ledger.slice(0, 2)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          variant_id: ankara.variants[1].id,
          reason: 'import',
          quantity_change: -2,
          note: 'Quantity of M set from 8 to 6 by line 3 of products.csv',
        }),
        expect.objectContaining({
          variant_id: ankara.variants[2].id,
          reason: 'import',
          quantity_change: 5,
          note: 'Line 4 of products.csv',
        }),
      ]),
    );
    // A partial file changes what it names and keeps the rest.
    const partial = await send(
      file([{ name: 'Ankara Shirt', sku: 'ANK-M', price: '9600', option1_name: 'Size', option1_value: 'M' }]),
    );
    expect(partial.body.data).toMatchObject({ updated: 1, rejected: [] });
    const after = await byCode('ANK-S');
    expect(after.variants.map((v: { name: string; price: number }) => [v.name, v.price])).toEqual([
      ['S', 850_000],
      ['M', 960_000],
      ['L', 850_000],
    ]);
  });

  it('gives a product sold one way options, its own variant becoming the first size', async () => {
    expect(
      (await send(file([{ name: 'Kaftan', sku: 'KAF-1', price: '12000', quantity: '3' }]))).body.data,
    ).toMatchObject({
      created: 1,
    });
    const plain = await byCode('KAF-1');
    const res = await send(
      file([
        {
          name: 'Kaftan',
          sku: 'KAF-1',
          price: '12000',
          quantity: '3',
          option1_name: 'Size',
          option1_value: 'S',
        },
        {
          name: 'Kaftan',
          sku: 'KAF-M',
          price: '12500',
          quantity: '2',
          option1_name: 'Size',
          option1_value: 'M',
        },
      ]),
    );
    expect(res.body.data).toMatchObject({ created: 0, updated: 1, rejected: [] });
    const kaftan = await byCode('KAF-M');
    expect(kaftan.id).toBe(plain.id);
    expect(
      kaftan.variants.map((v: { id: string; sku: string; quantity: number }) => [v.id, v.sku, v.quantity]),
    ).toEqual([
      [plain.id, 'KAF-1', 3],
      [kaftan.variants[1].id, 'KAF-M', 2],
    ]);
    expect(kaftan.quantity).toBe(5);
  });

  it('parts two products of one name that follow each other where their codes do', async () => {
    const other = await t.call('POST', '/product/create', {
      token: shop.token,
      body: {
        name: 'Ankara Shirt',
        price: 700_000,
        options: [{ name: 'Size', values: ['S', 'M'] }],
        variants: [
          { options: { Size: 'S' }, sku: 'ANK2-S' },
          { options: { Size: 'M' }, sku: 'ANK2-M' },
        ],
      },
    });
    expect(other.status, JSON.stringify(other.body)).toBe(201);
    const row = (sku: string, size: string, price: string, cost = '') => ({
      name: 'Ankara Shirt',
      sku,
      price,
      cost_price: cost,
      option1_name: 'Size',
      option1_value: size,
    });
    // The first product's rows as they are (an empty cost would clear it), the second's M repriced.
    const res = await send(
      file([
        row('ANK-S', 'S', '8500', '6000'),
        row('ANK-M', 'M', '9600'),
        row('ANK2-S', 'S', '7000'),
        row('ANK2-M', 'M', '7200'),
      ]),
    );
    expect(res.body.data).toMatchObject({ created: 0, updated: 1, unchanged: 1, rejected: [] });
    expect((await byCode('ANK2-M')).variants.map((v: { price: number }) => v.price)).toEqual([
      700_000, 720_000,
    ]);
  });

  it('rejects a bad pack cell naming its line and column, and every line of its product', async () => {
    const count = await countProducts(shop.storeId);
    const res = await send(
      file([
        { name: 'Kente Cap', price: '3000', option1_name: 'Colour', option1_value: 'Red' },
        {
          name: 'Kente Cap',
          price: '3000',
          option1_name: 'Colour',
          option1_value: 'Gold',
          pack1_name: 'dozen',
          pack1_units: '1',
          pack1_price: '30000',
        },
        { name: 'Milo 500g', price: '4200', pack1_name: 'carton', pack1_units: '12.5', pack1_price: '48000' },
        {
          name: 'Bournvita 500g',
          price: '4000',
          pack1_name: 'carton',
          pack1_units: '12',
          pack1_price: 'lots',
        },
        {
          name: 'Ovaltine 400g',
          price: '3800',
          pack1_name: 'carton',
          pack1_units: '12',
          pack1_price: '40000',
          pack1_barcode: ean('615110007012').replace(/\d$/, (d) => String((Number(d) + 1) % 10)),
        },
        {
          name: 'Lipton Tea 100',
          price: '1500',
          pack1_name: 'carton',
          pack1_units: '24',
          pack1_price: '34000',
        },
      ]),
      { atomic: 'true' },
    );
    expect(res.status).toBe(422);
    expect(res.body.data.rejected).toEqual([
      { line: 2, field: null, reason: 'Not imported: line 3 of the same product has an error' },
      { line: 3, field: 'pack1_units', reason: 'A pack holds at least 2 units' },
      { line: 4, field: 'pack1_units', reason: 'Units per pack must be a whole number' },
      { line: 5, field: 'pack1_price', reason: 'Pack price must be an amount like 1500 or 1500.50' },
      { line: 6, field: 'pack1_barcode', reason: expect.stringMatching(/^Barcode check digit is wrong/) },
    ]);
    expect(res.body.error.fields['line 3']).toBe('A pack holds at least 2 units');
    expect(await countProducts(shop.storeId)).toBe(count);

    // Without atomic the good row is written, the rejected ones are not.
    const partly = await send(
      file([
        { name: 'Kente Cap', price: '3000', option1_name: 'Colour', option1_value: 'Red' },
        {
          name: 'Kente Cap',
          price: '3000',
          option1_name: 'Colour',
          option1_value: 'Gold',
          pack1_name: 'dozen',
        },
        {
          name: 'Lipton Tea 100',
          price: '1500',
          pack1_name: 'carton',
          pack1_units: '24',
          pack1_price: '34000',
        },
      ]),
    );
    expect(partly.body.data).toMatchObject({ created: 1, written: true });
    expect(partly.body.data.rejected).toEqual([
      { line: 2, field: null, reason: 'Not imported: line 3 of the same product has an error' },
      { line: 3, field: 'pack1_units', reason: 'Units per pack is required (24 for a carton of 24)' },
    ]);
    expect(await countProducts(shop.storeId)).toBe(count + 1);
  });

  it('refuses a pack barcode another product holds, and a row without options for a product with them', async () => {
    const res = await send(
      file([
        {
          name: 'Nido 400g',
          price: '4100',
          pack1_name: 'carton',
          pack1_units: '12',
          pack1_price: '48000',
          pack1_barcode: CARTON,
        },
        { name: 'Ankara Shirt', sku: 'ANK-M', price: '9000' },
      ]),
    );
    expect(res.status).toBe(422);
    expect(res.body.data.rejected).toEqual([
      {
        line: 2,
        field: 'pack1_barcode',
        reason: `Barcode "${CARTON}" is already used by "Peak Milk 400g Tin"`,
      },
      {
        line: 3,
        field: 'option1_value',
        reason: '"Ankara Shirt" has options (Size): give one line per variant, with its option values',
      },
    ]);
  });
});
