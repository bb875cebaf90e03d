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
    // "Gift Wrapping" exists already (no SKU in the template row, so it matches by name).
    expect(templated.body.data).toMatchObject({ created: 2, rejected: [] });
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
