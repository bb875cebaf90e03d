// Builds the benchmark store: 100,000 products and 50,000 customers in one store, loaded through
// the real import endpoints (so counters, search words and the stock ledger are all in place).
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { gtinCheckDigit } from '@tillbook/contract/products';
import { migrateToLatest } from '../../apps/server/src/db/migrate.js';
import { sampleCustomer } from '../../apps/server/src/modules/customers/customer-samples.js';
import { SAMPLE_PRODUCTS } from '../../apps/server/src/modules/products/product-samples.js';
import {
  apiCaller,
  benchApp,
  DATA_DIR,
  multipart,
  openBenchDatabase,
  PG_SCHEMA,
  resetSchema,
  verifiedOwner,
  type BenchInfo,
  type CallOptions,
  type Engine,
} from './common.js';

export const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
/** Issue 33: products with 4 sizes, each sold by the piece, in a pack of 6 and a carton of 24. */
export const VARIANT_PRODUCTS = Number(process.env.BENCH_VARIANT_PRODUCTS ?? 5_000);
const SIZES = ['S', 'M', 'L', 'XL'];
export const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 50_000);
const CHUNK = 10_000;

const PACKS = [
  'Single',
  'Pack of 2',
  'Pack of 3',
  'Pack of 6',
  'Pack of 12',
  'Carton of 24',
  'Carton of 48',
  'Bundle of 10',
  'Family Pack',
  'Promo Pack',
  'Mini',
  'Jumbo',
  'Economy Size',
  'Value Pack',
  'Twin Pack',
  'Gift Box',
  'Party Pack',
  'Travel Size',
  'Refill',
  'Classic',
  'Original',
  'Lite',
  'Extra',
  'Special Edition',
];
const CATEGORIES = [...new Set(SAMPLE_PRODUCTS.map((p) => p.category))];

export function ean13(n: number, prefix = '29'): string {
  const body = `${prefix}${String(n).padStart(12 - prefix.length, '0')}`;
  return body + String(gtinCheckDigit(body));
}

/** Product `i` of the benchmark: a sample product in one of many pack variants. */
export function productRow(i: number, skuPrefix = 'BN') {
  const sample = SAMPLE_PRODUCTS[i % SAMPLE_PRODUCTS.length]!;
  const pack = PACKS[Math.floor(i / SAMPLE_PRODUCTS.length) % PACKS.length]!;
  const batch = Math.floor(i / (SAMPLE_PRODUCTS.length * PACKS.length));
  const price = (sample.price + (i % 17) * 25).toFixed(2);
  const quantity = i % 13 === 0 ? 0 : (i * 7) % 200;
  const extraCategory = CATEGORIES[(i * 7) % CATEGORIES.length];
  return [
    `${sample.name} ${pack} B${batch}`,
    `${skuPrefix}-${String(i).padStart(7, '0')}`,
    ean13(i),
    price,
    (sample.cost + (i % 17) * 20).toFixed(2),
    String(quantity),
    `${sample.category}; ${extraCategory}`,
    sample.unit,
  ];
}

export const PRODUCT_HEADER = 'name,sku,barcode,price,cost_price,quantity,categories,unit';

export function productCsv(from: number, to: number, skuPrefix = 'BN'): string {
  const lines = [PRODUCT_HEADER];
  for (let i = from; i < to; i++) {
    lines.push(
      productRow(i, skuPrefix)
        .map((c) => (/[",]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c))
        .join(','),
    );
  }
  return lines.join('\n') + '\n';
}

export function customerCsv(from: number, to: number): string {
  const lines = ['first_name,last_name,phone_number,email_address,address,city,state,country'];
  for (let i = from; i < to; i++) {
    const c = sampleCustomer();
    lines.push(
      [
        c.first_name,
        c.last_name,
        `+23481${String(i).padStart(8, '0')}`,
        `${c.first_name}.${c.last_name}.${i}@example.com`.toLowerCase(),
        c.address,
        c.city,
        c.state,
        c.country,
      ].join(','),
    );
  }
  return lines.join('\n') + '\n';
}

async function resetDatabase(engine: Engine) {
  if (engine === 'sqlite') {
    for (const suffix of ['', '-wal', '-shm'])
      rmSync(path.join(DATA_DIR, `catalogue.db${suffix}`), { force: true });
    return;
  }
  await resetSchema(PG_SCHEMA);
}

async function categoryIdOf(db: ReturnType<typeof openBenchDatabase>['db'], storeId: string, name: string) {
  const row = await db
    .selectFrom('categories')
    .select('id')
    .where('store_id', '=', storeId)
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.id;
}

export async function generate(engine: Engine): Promise<BenchInfo> {
  const started = Date.now();
  await resetDatabase(engine);
  const database = openBenchDatabase(engine);
  await migrateToLatest(database.db, engine === 'postgres' ? PG_SCHEMA : undefined);
  const app = await benchApp(database);
  await app.ready();
  const call = apiCaller(app);
  const inject = async (method: string, url: string, opts: CallOptions = {}) => {
    const res = await call(method, url, opts);
    return { status: res.statusCode, body: res.json() };
  };
  const merchant = (email: string, business: string) => verifiedOwner(app, database.db, email, business);

  const owner = await merchant('owner@bench.tillbook.ng', 'Bench Superstore');
  const importer = await merchant('importer@bench.tillbook.ng', 'Bench Import Shop');

  const upload = async (url: string, csv: string, name: string) => {
    const t0 = Date.now();
    const res = await inject('POST', url, { token: owner.token, ...multipart(csv, name) });
    if (res.status !== 200 || res.body.data.rejected.length) {
      throw new Error(`${url} ${name}: ${res.status} ${JSON.stringify(res.body).slice(0, 500)}`);
    }
    process.stdout.write(
      `  ${engine}: ${name} ${res.body.message} (${((Date.now() - t0) / 1000).toFixed(1)} s)\n`,
    );
  };
  // Products with variants and packs first (so the plain list's first page stays the plain
  // products imported after them), in a category of their own, through the create endpoint.
  const category = await inject('POST', '/product/category', {
    token: owner.token,
    body: { name: 'Sizes and packs' },
  });
  const variantCategoryId = category.body.data.id as string;
  let packBarcode = '';
  let variantBarcode = '';
  const t0 = Date.now();
  for (let i = 0; i < VARIANT_PRODUCTS; i++) {
    const res = await inject('POST', '/product/create', {
      token: owner.token,
      body: {
        name: `Variant Tee ${i}`,
        price: 500_000 + (i % 50) * 1000,
        category_ids: [variantCategoryId],
        options: [{ name: 'Size', values: SIZES }],
        variants: SIZES.map((size, k) => ({
          options: { Size: size },
          quantity: 500 + k,
          packs: [
            { name: 'pack of 6', factor: 6, price: 2_800_000 },
            { name: 'carton', factor: 24, price: 10_800_000 },
          ],
        })),
      },
    });
    if (res.status !== 201)
      throw new Error(`variant product ${i}: ${JSON.stringify(res.body).slice(0, 400)}`);
    if (i === Math.floor(VARIANT_PRODUCTS / 2)) {
      packBarcode = res.body.data.variants[2].packs[1].barcode;
      variantBarcode = res.body.data.variants[2].barcode;
    }
  }
  process.stdout.write(
    `  ${engine}: ${VARIANT_PRODUCTS} products × ${SIZES.length} sizes × 2 packs created (${((Date.now() - t0) / 1000).toFixed(1)} s)\n`,
  );
  for (let from = 0; from < PRODUCTS; from += CHUNK) {
    await upload(
      '/product/upload',
      productCsv(from, Math.min(PRODUCTS, from + CHUNK)),
      `products-${from / CHUNK + 1}.csv`,
    );
  }
  for (let from = 0; from < CUSTOMERS; from += CHUNK) {
    await upload(
      '/customers/upload',
      customerCsv(from, Math.min(CUSTOMERS, from + CHUNK)),
      `customers-${from / CHUNK + 1}.csv`,
    );
  }
  const plainCategoryId = (await categoryIdOf(database.db, owner.storeId, CATEGORIES[0]!)) ?? '';
  await app.close();
  // PostgreSQL's autovacuum would gather statistics and set the visibility map (for index-only
  // scans) after such a load; do it now.
  if (engine === 'postgres') await sql`vacuum analyze`.execute(database.db);
  await database.destroy();

  const info: BenchInfo = {
    engine,
    storeId: owner.storeId,
    ownerEmail: 'owner@bench.tillbook.ng',
    importStoreId: importer.storeId,
    importEmail: 'importer@bench.tillbook.ng',
    barcode: ean13(Math.floor(PRODUCTS / 2)),
    variantCategoryId,
    plainCategoryId,
    packBarcode,
    variantBarcode,
    variantProducts: VARIANT_PRODUCTS,
    products: PRODUCTS,
    customers: CUSTOMERS,
    generateSeconds: (Date.now() - started) / 1000,
  };
  writeFileSync(path.join(DATA_DIR, `info-${engine}.json`), JSON.stringify(info, null, 2));
  return info;
}
