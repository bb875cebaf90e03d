import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderFactSubscribers } from '../order-fact-subscribers.js';
import { createMerchant, type Merchant } from '../test/fixtures.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { createProduct } from '../test/sales-fixtures.js';
import { TENANT_TABLES, ensureDistributed } from './distribution.js';

/**
 * Migration 0022 (decision 0049) on a database holding a store's sales: the data is kept, every
 * answer is the same after, and on PostgreSQL the keys lead with `store_id` (on Citus the tables
 * are distributed by it).
 */
let t: TestApp;
let m: Merchant;
let other: Merchant;
let orderId: string;
let productId: string;
const before: Record<string, unknown> = {};

const read = async (who: Merchant, url: string) => {
  const res = await t.call('GET', url, { token: who.token });
  return { status: res.status, data: res.body.data };
};

beforeAll(async () => {
  // Today's shifts subscriber reads the tables of migration 0025, after this one: the sales made
  // here belong to no shift, as they would have before shifts existed.
  t = await createTestApp(
    {},
    { upTo: '0021-till-devices', orderFacts: orderFactSubscribers.filter((s) => s.name !== 'shifts') },
  );
  // Today's code writes each new store's zone row (migration 0023, after this one): a stand-in
  // table takes those rows while the data is made, and goes before the migrations run, so 0023
  // makes the real one from the stores as they are.
  await sql`create table store_zones (store_id text primary key, timezone text not null)`.execute(t.db);
  // Likewise what today's code reads and writes of migrations 0026 (variants and packs) and 0027
  // (customer accounts, transfers at the till): stand-ins while the data is made, gone before the
  // migrations run, so 0026 makes its own from the rows.
  await variantStandIns('add');
  m = await createMerchant(t);
  other = await createMerchant(t);
  const product = await createProduct(t, m, { quantity: 20 });
  productId = product.id;
  const order = await t.call('POST', '/order', {
    token: m.token,
    body: { items: [{ product_id: product.id, quantity: 3 }], payment_type: 'cash', status: 'success' },
  });
  expect(order.status).toBe(201);
  orderId = order.body.data.id;
  // A sign-in writes an audit row with no store (null before 0022).
  await t.db
    .insertInto('audits')
    .values({
      id: 'aud_no_store_0022',
      store_id: null as never,
      actor_type: 'system',
      action: 'user.signin',
      entity: 'user',
      summary: 'Signed in',
      created_at: new Date().toISOString(),
    })
    .execute();
  before.order = await read(m, `/order/${orderId}`);
  before.product = await read(m, `/product/${productId}`);
  before.orders = await read(m, '/order');
  before.products = await read(m, '/product');
  before.audits = await read(m, '/audits');
  await sql`drop table store_zones`.execute(t.db);
  await variantStandIns('drop');
  expect(await t.migrateRest()).toEqual(['0022-distribution-keys', ...(await laterThan0022())]);
});
afterAll(async () => t?.close());

/** The tables and columns of migration 0026, without their keys, made or dropped. */
async function variantStandIns(how: 'add' | 'drop'): Promise<void> {
  const columns: Array<[table: string, column: string, type: string]> = [
    ['products', 'options', "text not null default '[]'"],
    ['products', 'variant_count', 'integer not null default 1'],
    ['products', 'pack_count', 'integer not null default 0'],
    ['stock_movements', 'variant_id', 'text'],
    ['order_items', 'variant_id', 'text'],
    ['order_items', 'variant_name', 'text'],
    ['order_items', 'pack', 'text'],
    ['order_items', 'pack_factor', 'integer not null default 1'],
    // Migration 0027 (customer accounts, transfers at the till).
    ['customers', 'credit_limit', 'bigint'],
    ['orders', 'paid_with', 'text'],
    ['orders', 'amount_written_off', 'bigint not null default 0'],
  ];
  const tables0027 = ['customer_account_entries', 'till_transfers', 'incoming_transfers'];
  if (how === 'drop') {
    await sql`drop table product_variants`.execute(t.db);
    await sql`drop table product_packs`.execute(t.db);
    for (const table of tables0027) await sql`drop table ${sql.table(table)}`.execute(t.db);
    for (const [table, column] of columns) {
      await sql`alter table ${sql.table(table)} drop column ${sql.ref(column)}`.execute(t.db);
    }
    return;
  }
  await sql`create table product_variants (store_id text not null, id text not null, product_id text not null,
    position integer not null, option_values text not null, name text not null, sku text not null,
    barcode text not null, price bigint not null, cost_price bigint, sale_price bigint,
    track_stock integer not null, quantity bigint not null, low_stock_threshold bigint not null,
    image text, status text not null, created_at text not null, updated_at text not null)`.execute(t.db);
  await sql`create table product_packs (store_id text not null, id text not null, product_id text not null,
    variant_id text not null, position integer not null, name text not null, factor integer not null,
    barcode text, price bigint not null, created_at text not null)`.execute(t.db);
  await sql`create table customer_account_entries (store_id text not null, id text not null,
    customer_id text not null, kind text not null, amount bigint not null, order_id text,
    order_number text, payment_id text, method text, note text, created_by_id text,
    created_by_name text, created_at text not null)`.execute(t.db);
  await sql`create table till_transfers (store_id text not null, order_id text not null,
    order_number text not null, account_number text not null, bank_name text not null,
    account_name text not null, amount bigint not null, received bigint not null default 0,
    state text not null, expires_at text not null, paid_at text, created_by_id text,
    created_by_name text, created_at text not null)`.execute(t.db);
  await sql`create table incoming_transfers (store_id text not null, id text not null,
    provider_reference text not null, wallet_transaction_id text not null, amount bigint not null,
    payer_name text, account_number text, state text not null, order_id text, order_number text,
    surplus bigint not null default 0, received_at text not null, matched_at text,
    matched_by_id text, matched_by_name text)`.execute(t.db);
  for (const [table, column, type] of columns) {
    await sql`alter table ${sql.table(table)} add column ${sql.ref(column)} ${sql.raw(type)}`.execute(t.db);
  }
}

async function laterThan0022(): Promise<string[]> {
  const { migrations } = await import('./migrations.js');
  const names = Object.keys(migrations);
  return names.slice(names.indexOf('0022-distribution-keys') + 1);
}

describe('the distribution keys migration on a database with data', () => {
  it('keeps every answer the same', async () => {
    expect(await read(m, `/order/${orderId}`)).toEqual(before.order);
    expect(await read(m, `/product/${productId}`)).toEqual(before.product);
    expect(await read(m, '/order')).toEqual(before.orders);
    expect(await read(m, '/product')).toEqual(before.products);
    expect(await read(m, '/audits')).toEqual(before.audits);
  });

  it("keeps another store's records out of reach (404)", async () => {
    expect((await read(other, `/order/${orderId}`)).status).toBe(404);
    expect((await read(other, `/product/${productId}`)).status).toBe(404);
  });

  it('keeps selling: stock and the order numbers go on from where they were', async () => {
    const next = await t.call('POST', '/order', {
      token: m.token,
      body: { items: [{ product_id: productId, quantity: 2 }], payment_type: 'cash', status: 'success' },
    });
    expect(next.status).toBe(201);
    const product = await read(m, `/product/${productId}`);
    expect(product.data.quantity).toBe(15);
    const first = (before.order as { data: { number: string } }).data.number;
    expect(next.body.data.number).not.toBe(first);
  });

  it('gives the account events with no store the store id ""', async () => {
    const row = await t.db
      .selectFrom('audits')
      .select('store_id')
      .where('id', '=', 'aud_no_store_0022')
      .executeTakeFirst();
    expect(row?.store_id).toBe('');
  });

  it('on PostgreSQL, leads every tenant key with store_id (and on Citus distributes by it)', async () => {
    if (t.database.engine !== 'postgres') {
      // SQLite keeps its keys (decision 0049): ids are unique in the whole database.
      expect(t.database.engine).toBe('sqlite');
      return;
    }
    const keys = await sql<{ table: string; type: string; columns: string[]; parent: string | null }>`
      select c.relname as "table", k.contype as type, k.confrelid::regclass::text as parent,
        array(select a.attname from unnest(k.conkey) with ordinality u(n, i)
              join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n order by u.i)::text[] as columns
      from pg_constraint k join pg_class c on c.oid = k.conrelid
      where c.relnamespace = current_schema()::regnamespace and k.contype in ('p', 'u', 'f')`.execute(t.db);
    const tenant = new Set(TENANT_TABLES);
    const tenantKeys = keys.rows.filter((k) => tenant.has(k.table));
    expect(tenantKeys.length).toBeGreaterThan(TENANT_TABLES.length);
    const notLeading = tenantKeys.filter((k) => {
      // A foreign key to a shared table (stores, users) needs no store; one to a tenant table
      // includes it.
      if (k.type === 'f') return tenant.has(k.parent ?? '') && !k.columns.includes('store_id');
      return k.columns[0] !== 'store_id';
    });
    expect(notLeading).toEqual([]);
    const citus = await sql<{
      on: boolean;
    }>`select exists (select 1 from pg_extension where extname = 'citus') as on`.execute(t.db);
    if (!citus.rows[0]?.on) return;
    const placed = await sql<{ name: string; method: string; replication: string }>`
      select c.relname as name, d.partmethod as method, d.repmodel as replication from pg_dist_partition d
      join pg_class c on c.oid = d.logicalrelid where c.relnamespace = current_schema()::regnamespace`.execute(
      t.db,
    );
    const by = new Map(placed.rows.map((r) => [r.name, r]));
    for (const table of TENANT_TABLES) expect(by.get(table)?.method, table).toBe('h');
    for (const table of ['users', 'stores']) expect(by.get(table)?.replication, table).toBe('t');
  });

  it('on Citus, distributes at start what a database migrated before Citus was installed left local', async () => {
    const citus =
      t.database.engine === 'postgres' &&
      (
        await sql<{
          on: boolean;
        }>`select exists (select 1 from pg_extension where extname = 'citus') as on`.execute(t.db)
      ).rows[0]?.on;
    if (!citus) {
      // Without Citus nothing is distributed, and starting changes nothing.
      expect(await ensureDistributed(t.db)).toEqual([]);
      return;
    }
    // As if Citus came after the migration: the tables joined by foreign keys to orders go local.
    await sql`select undistribute_table('orders', cascade_via_foreign_keys => true)`.execute(t.db);
    const again = await ensureDistributed(t.db);
    expect(again).toContain('orders');
    expect(again).toContain('stores');
    expect(await ensureDistributed(t.db)).toEqual([]);
    const order = await t.call('POST', '/order', {
      token: m.token,
      body: { items: [{ product_id: productId, quantity: 1 }], payment_type: 'cash', status: 'success' },
    });
    expect(order.status).toBe(201);
    expect((await read(m, `/product/${productId}`)).data.quantity).toBe(14);
  });
});
