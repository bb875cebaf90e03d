import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type Merchant } from '../test/fixtures.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { fileUpload } from '../test/multipart.js';
import { toXlsx } from './spreadsheet.js';

// Issue 15, finding 5: a NUL after the first 64 KB of a CSV (or in the file's name) reached the
// database, which PostgreSQL refuses: the import answered 500 there (and SQLite stored it).
let t: TestApp;
let m: Merchant;
beforeAll(async () => {
  t = await createTestApp();
  m = await createMerchant(t);
});
afterAll(async () => t.close());

const MESSAGE = 'Must not contain the NUL character (\\u0000)';
/** Rows with no value at all are skipped by imports: 8,000 of them put the next row past 64 KB. */
const PADDING = Array.from({ length: 8_000 }, () => ',,,,,,,,').join('\n');
const CSV = 'text/csv';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const count = async (table: 'products' | 'customers') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('store_id', '=', m.storeId)
        .executeTakeFirstOrThrow()
    ).n,
  );

const send = (path: string, data: string | Buffer, name: string, type = CSV) =>
  t.call('POST', path, { token: m.token, ...fileUpload(data, name, type) });

describe('imports holding the NUL character', () => {
  it('refuses a product CSV with NUL after the first 64 KB with a 400 naming the line', async () => {
    const file = [
      'Name,SKU,Price,Quantity',
      'Rice 5kg,RICE-5,9000,3',
      PADDING,
      'Beans\u0000 1kg,BEANS-1,2500,4',
    ].join('\n');
    expect(Buffer.byteLength(file)).toBeGreaterThan(64 * 1024);
    const res = await send('/product/upload', file, 'products.csv');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.fields).toEqual({ 'line 8003': MESSAGE });
    expect(res.body.message).toBe(
      'Line 8003 of the file holds the NUL character (\\u0000). Remove it and upload the file again.',
    );
    expect(await count('products')).toBe(0);
  });

  it('refuses a NUL early in a CSV the same way, rather than calling the file binary', async () => {
    const res = await send(
      '/customers/upload',
      'First Name,Last Name,Phone\nNgozi,Oka\u0000for,08031234567\n',
      'c.csv',
    );
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ 'line 2': MESSAGE });
  });

  it('refuses a customer CSV with NUL after the first 64 KB, and in the header', async () => {
    const file = [
      'First Name,Last Name,Phone',
      'Ngozi,Okafor,08031234567',
      PADDING,
      'Ibrahim,Bel\u0000lo,08061234567',
    ].join('\n');
    const res = await send('/customers/upload', file, 'customers.csv');
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ 'line 8003': MESSAGE });
    expect(await count('customers')).toBe(0);

    const header = await send(
      '/customers/upload',
      `First Name,Last\u0000Name\n${PADDING}\nAda,Obi\n`,
      'c.csv',
    );
    expect(header.status).toBe(400);
    expect(header.body.error.fields).toEqual({ 'line 1': MESSAGE });
  });

  it('refuses an XLSX cell holding NUL (written as _x0000_) for products and customers', async () => {
    const products = await toXlsx(
      'Products',
      ['Name', 'SKU', 'Price', 'Quantity'],
      [
        ['Rice 5kg', 'RICE-5', 9000, 3],
        ['Beans_x0000_ 1kg', 'BEANS-1', 2500, 4],
      ],
    );
    const res = await send('/product/upload', products, 'products.xlsx', XLSX);
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ 'line 3': MESSAGE });

    const customers = await toXlsx(
      'Customers',
      ['First Name', 'Last Name', 'Phone'],
      [['Ngozi', 'Oka_x0000_for', '08031234567']],
    );
    const refused = await send('/customers/upload', customers, 'customers.xlsx', XLSX);
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ 'line 2': MESSAGE });
    expect(await count('products')).toBe(0);
    expect(await count('customers')).toBe(0);
  });

  it('refuses a file name holding NUL with a 400 naming the file', async () => {
    const products = await send(
      '/product/upload',
      'Name,SKU,Price,Quantity\nRice,R-1,900,1\n',
      'list\u0000.csv',
    );
    expect(products.status).toBe(400);
    expect(products.body.error.fields).toEqual({
      file: 'The file name must not contain the NUL character (\\u0000)',
    });
    const customers = await send('/customers/upload', 'First Name,Last Name\nAda,Obi\n', 'c\u0000.csv');
    expect(customers.status).toBe(400);
    expect(await count('products')).toBe(0);
    expect(await count('customers')).toBe(0);
  });
});
