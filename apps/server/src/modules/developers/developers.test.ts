import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { apiRouteTables } from '@tillbook/contract/api';
import type { RouteDef } from '@tillbook/contract/common';
import { API_KEY_KINDS, apiKeyMayCall, type ApiKeyKindName } from '@tillbook/contract/developers';
import { describe, expect, it } from 'vitest';
import {
  createMerchant,
  createStaff,
  PASSWORD,
  type Merchant,
  auditsOf,
  auditOf,
} from '../../test/fixtures.js';
import { withTestApp } from '../../test/with-test-app.js';
import type { TestApp } from '../../test/harness.js';

let t: TestApp;
withTestApp((app) => (t = app));

const key = async (m: Merchant, env: 'sandbox' | 'production', type?: 'secret') => {
  const res = await t.call('GET', '/developer/generate-keys', { token: m.token, query: { env, type } });
  expect(res.status).toBe(200);
  return res.body.data as { id: string; value: string | null; masked: string; type: string; env: string };
};

/** A call made with an API key, as `Authorization: Bearer …` (or bare when `bare`). */
const withKey = (
  apiKey: string,
  method: string,
  url: string,
  options: { body?: unknown; bare?: boolean } = {},
) =>
  t.call(method, url, {
    headers: { authorization: options.bare ? apiKey : `Bearer ${apiKey}` },
    ...(options.body !== undefined ? { body: options.body } : {}),
  });

const productNames = (res: { body: { data: Array<{ name: string }> } }) => res.body.data.map((p) => p.name);

describe('keys', () => {
  it('makes pk_/sk_ keys of each environment with 256 random bits; the secret is whole once and stored as a hash', async () => {
    const m = await createMerchant(t);
    const pkTest = await key(m, 'sandbox');
    const skTest = await key(m, 'sandbox', 'secret');
    const pkLive = await key(m, 'production');
    const skLive = await key(m, 'production', 'secret');
    // After the prefix: the store's id (16 bytes) and 32 random bytes, base64url (decision 0049).
    expect(pkTest.value).toMatch(/^pk_test_[A-Za-z0-9_-]{64}$/);
    expect(skTest.value).toMatch(/^sk_test_[A-Za-z0-9_-]{64}$/);
    expect(pkLive.value).toMatch(/^pk_live_[A-Za-z0-9_-]{64}$/);
    expect(skLive.value).toMatch(/^sk_live_[A-Za-z0-9_-]{64}$/);
    for (const k of [pkTest, skTest, pkLive, skLive]) {
      const bytes = Buffer.from(k.value!.slice(8), 'base64url');
      expect(bytes).toHaveLength(48);
      expect(bytes.subarray(0, 16).toString('hex')).toBe(m.storeId.replace(/-/g, ''));
    }
    const randomParts = [pkTest, skTest, pkLive, skLive].map((k) =>
      Buffer.from(k.value!.slice(8), 'base64url').subarray(16).toString('hex'),
    );
    expect(new Set(randomParts).size).toBe(4);
    expect(skLive.masked).toBe(`sk_live_…${skLive.value!.slice(-4)}`);

    // Asked again: the same keys, the secret masked; the public key is public.
    const again = await key(m, 'production', 'secret');
    expect(again).toMatchObject({ id: skLive.id, value: null, masked: skLive.masked });
    expect((await key(m, 'production')).value).toBe(pkLive.value);

    const row = await t.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', skLive.id)
      .executeTakeFirstOrThrow();
    expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(skLive.value!.slice(8));

    const list = await t.call('GET', '/developer/keys', { token: m.token });
    expect(list.body.data).toHaveLength(4);
    expect(
      list.body.data.every(
        (k: { type: string; value: string | null }) => k.type === 'public' || k.value === null,
      ),
    ).toBe(true);
  });

  it('refuses bad input with 400 naming the field, and live keys to an unverified email', async () => {
    const m = await createMerchant(t);
    const bad = await t.call('GET', '/developer/generate-keys', {
      token: m.token,
      query: { env: 'staging' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('env');
    const unverified = await createMerchant(t, { verify: false });
    const live = await t.call('GET', '/developer/generate-keys', {
      token: unverified.token,
      query: { env: 'production' },
    });
    expect(live.status).toBe(403);
    expect(live.body.error.message).toMatch(/Verify your email/);
    expect((await key(unverified, 'sandbox', 'secret')).value).toMatch(/^sk_test_/);
  });

  it('needs developers.manage (a cashier gets 403)', async () => {
    const m = await createMerchant(t);
    const cashier = await createStaff(t, m, 'cashier');
    const res = await t.call('GET', '/developer/keys', { token: cashier.token });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toContain('developers.manage');
  });
});

describe('API-key authentication', () => {
  it('accepts the secret key as Bearer and bare, as the store of the key, and refuses unknown keys', async () => {
    const m = await createMerchant(t);
    const sk = (await key(m, 'production', 'secret')).value!;
    await t.call('POST', '/product/create', {
      token: m.token,
      body: { name: 'Live Garri 1kg', price: 150000 },
    });
    expect(productNames(await withKey(sk, 'GET', '/product/paginated/results'))).toEqual(['Live Garri 1kg']);
    expect(productNames(await withKey(sk, 'GET', '/product/paginated/results', { bare: true }))).toEqual([
      'Live Garri 1kg',
    ]);
    const unknown = await withKey(`sk_live_${'A'.repeat(43)}`, 'GET', '/product/paginated/results');
    expect(unknown.status).toBe(401);
    // A key naming the store with a random part nobody was given, and a token of no key's shape.
    const store = Buffer.from(sk.slice(8), 'base64url').subarray(0, 16);
    const forged = `sk_live_${Buffer.concat([store, randomBytes(32)]).toString('base64url')}`;
    expect((await withKey(forged, 'GET', '/product/paginated/results')).status).toBe(401);
    expect((await withKey(`sk_live_${'A'.repeat(50)}`, 'GET', '/product/paginated/results')).status).toBe(
      401,
    );
  });

  it('a key made before keys carried their store (43 characters after the prefix) still works', async () => {
    const m = await createMerchant(t);
    await t.call('POST', '/product/create', { token: m.token, body: { name: 'Old Key Garri', price: 1000 } });
    const old = `sk_live_${randomBytes(32).toString('base64url')}`;
    const id = randomUUID();
    await t.db
      .insertInto('api_keys')
      .values({
        id,
        store_id: m.storeId,
        acts_on_store_id: m.storeId,
        env: 'production',
        type: 'secret',
        scope: 'full',
        key_hash: createHash('sha256').update(old).digest('hex'),
        public_value: null,
        sealed_value: null,
        last4: old.slice(-4),
        created_by: null,
        created_at: t.clock.now().toISOString(),
        expires_at: null,
        replaced_by: null,
        last_used_at: null,
      })
      .execute();
    expect(productNames(await withKey(old, 'GET', '/product/paginated/results'))).toEqual(['Old Key Garri']);
    const row = await t.db
      .selectFrom('api_keys')
      .select('last_used_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.last_used_at).not.toBeNull();
  });

  it('a rolled key is 401 at once, or after the grace period chosen', async () => {
    const m = await createMerchant(t);
    const old = await key(m, 'production', 'secret');
    const rolled = await t.call('POST', `/developer/keys/${old.id}/roll`, {
      token: m.token,
      body: { grace_hours: 0 },
    });
    expect(rolled.status).toBe(200);
    expect(rolled.body.data.key.value).toMatch(/^sk_live_/);
    expect(rolled.body.data.key.value).not.toBe(old.value);
    const refused = await withKey(old.value!, 'GET', '/product/paginated/results');
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toMatch(/rolled/);
    expect((await withKey(rolled.body.data.key.value, 'GET', '/product/paginated/results')).status).toBe(200);
    // Rolling the rolled key again is a conflict, not a second new key.
    expect(
      (await t.call('POST', `/developer/keys/${old.id}/roll`, { token: m.token, body: { grace_hours: 0 } }))
        .status,
    ).toBe(409);

    const current = rolled.body.data.key;
    const graced = await t.call('POST', `/developer/keys/${current.id}/roll`, {
      token: m.token,
      body: { grace_hours: 24 },
    });
    expect(graced.status).toBe(200);
    const bad = await t.call('POST', `/developer/keys/${graced.body.data.key.id}/roll`, {
      token: m.token,
      body: { grace_hours: 5 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('grace_hours');
    expect((await withKey(current.value, 'GET', '/product/paginated/results')).status).toBe(200);
    t.clock.advance(24 * 3_600_000 + 1000);
    expect((await withKey(current.value, 'GET', '/product/paginated/results')).status).toBe(401);
    expect((await withKey(graced.body.data.key.value, 'GET', '/product/paginated/results')).status).toBe(200);
  });

  it('a sandbox key never sees or changes live data, and the reverse', async () => {
    const m = await createMerchant(t);
    const live = (await key(m, 'production', 'secret')).value!;
    const sandbox = (await key(m, 'sandbox', 'secret')).value!;
    const liveProduct = await withKey(live, 'POST', '/product/create', {
      body: { name: 'Live Rice', price: 500000 },
    });
    expect(liveProduct.status).toBe(201);
    const sandboxProduct = await withKey(sandbox, 'POST', '/product/create', {
      body: { name: 'Sandbox Rice', price: 100 },
    });
    expect(sandboxProduct.status).toBe(201);

    expect(productNames(await withKey(sandbox, 'GET', '/product/paginated/results'))).toEqual([
      'Sandbox Rice',
    ]);
    expect(productNames(await withKey(live, 'GET', '/product/paginated/results'))).toEqual(['Live Rice']);
    const session = await t.call('GET', '/product/paginated/results', { token: m.token });
    expect(productNames(session)).toEqual(['Live Rice']);

    const liveId = liveProduct.body.data.id;
    const sandboxId = sandboxProduct.body.data.id;
    expect((await withKey(sandbox, 'GET', `/product/${liveId}`)).status).toBe(404);
    expect(
      (await withKey(sandbox, 'PUT', `/product/${liveId}`, { body: { name: 'Hacked', price: 1 } })).status,
    ).toBe(404);
    expect((await withKey(sandbox, 'DELETE', `/product/${liveId}`)).status).toBe(404);
    expect((await withKey(live, 'GET', `/product/${sandboxId}`)).status).toBe(404);
    expect((await withKey(live, 'DELETE', `/product/${sandboxId}`)).status).toBe(404);
    expect((await t.call('GET', `/product/${liveId}`, { token: m.token })).body.data.name).toBe('Live Rice');

    // Customers and orders of the twin are its own too.
    const customer = await withKey(sandbox, 'POST', '/customers/create', {
      body: { first_name: 'Test', last_name: 'Buyer', phone_number: '08030000000' },
    });
    expect(customer.status).toBe(201);
    const liveCustomers = await t.call('GET', '/customers/paginated-results', { token: m.token });
    expect(liveCustomers.body.data).toHaveLength(0);

    // The twin's wallet is its own, on the sandbox provider; a live key cannot open a wallet.
    expect((await withKey(sandbox, 'POST', '/wallet')).status).toBe(200);
    const deposit = await withKey(sandbox, 'POST', '/wallet/sandbox/deposit', { body: { amount: 500000 } });
    expect(deposit.status).toBe(201);
    expect((await withKey(sandbox, 'GET', '/wallet/details')).body.data).toMatchObject({
      balance: 500000,
      sandbox: true,
    });
    expect((await t.call('GET', '/wallet/details', { token: m.token })).body.data).toBeNull();
    expect((await withKey(live, 'POST', '/wallet')).status).toBe(403);

    // The twin is in no store switcher and no plan count.
    const stores = await t.call('GET', '/stores', { token: m.token });
    expect(stores.body.data.map((s: { id: string }) => s.id)).toEqual([m.storeId]);

    // Reset: the sandbox is empty again, the keys unchanged, live untouched.
    const reset = await t.call('POST', '/developer/sandbox/reset', { token: m.token });
    expect(reset.status).toBe(200);
    expect(productNames(await withKey(sandbox, 'GET', '/product/paginated/results'))).toEqual([]);
    expect(productNames(await withKey(live, 'GET', '/product/paginated/results'))).toEqual(['Live Rice']);
  });

  it('a public key reads the catalogue and nothing else', async () => {
    const m = await createMerchant(t);
    const pk = (await key(m, 'production')).value!;
    await t.call('POST', '/product/create', {
      token: m.token,
      body: { name: 'Catalogue Beans', price: 90000 },
    });
    expect(productNames(await withKey(pk, 'GET', '/product/paginated/results'))).toEqual(['Catalogue Beans']);
    expect((await withKey(pk, 'GET', '/product/categories')).status).toBe(200);
    const write = await withKey(pk, 'POST', '/product/create', { body: { name: 'Nope', price: 1 } });
    expect(write.status).toBe(403);
    expect(write.body.error.message).toMatch(/public key/);
    expect((await withKey(pk, 'GET', '/customers/paginated-results')).status).toBe(403);
    expect((await withKey(pk, 'GET', '/order')).status).toBe(403);
  });

  it('a read-only secret key reads but cannot write; no key manages people, keys or money', async () => {
    const m = await createMerchant(t);
    const sk = await key(m, 'production', 'secret');
    const scoped = await t.call('PATCH', `/developer/keys/${sk.id}`, {
      token: m.token,
      body: { scope: 'read' },
    });
    expect(scoped.status).toBe(200);
    expect((await withKey(sk.value!, 'GET', '/customers/paginated-results')).status).toBe(200);
    expect(
      (await withKey(sk.value!, 'POST', '/product/create', { body: { name: 'X', price: 1 } })).status,
    ).toBe(403);
    await t.call('PATCH', `/developer/keys/${sk.id}`, { token: m.token, body: { scope: 'full' } });
    expect((await withKey(sk.value!, 'GET', '/developer/keys')).status).toBe(403);
    expect((await withKey(sk.value!, 'GET', '/stores')).status).toBe(403);
  });

  it("another store's data through a key is 404", async () => {
    const a = await createMerchant(t);
    const b = await createMerchant(t);
    const skA = (await key(a, 'production', 'secret')).value!;
    const productB = await t.call('POST', '/product/create', {
      token: b.token,
      body: { name: 'B only', price: 1 },
    });
    expect((await withKey(skA, 'GET', `/product/${productB.body.data.id}`)).status).toBe(404);
    const named = await t.call('GET', '/product/paginated/results', {
      headers: { authorization: `Bearer ${skA}` },
      query: { storeId: b.storeId },
    });
    expect(named.status).toBe(404);
  });

  it('audits every key use and change with the key as actor', async () => {
    const m = await createMerchant(t);
    const sk = await key(m, 'production', 'secret');
    const created = await withKey(sk.value!, 'POST', '/product/create', {
      body: { name: 'Audited Yam', price: 2000 },
    });
    expect(created.status).toBe(201);
    await withKey(sk.value!, 'GET', '/product/paginated/results');
    const rows = await t.db
      .selectFrom('audits')
      .selectAll()
      .where('store_id', '=', m.storeId)
      .where('actor_type', '=', 'api_key')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    expect(rows.every((r) => r.actor_id === sk.id && r.actor_name === sk.masked)).toBe(true);
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['api_key.used', 'product.created']));
    expect(rows.filter((r) => r.action === 'api_key.used').map((r) => r.summary)).toEqual([
      'POST /api/v1/product/create',
      'GET /api/v1/product/paginated/results',
    ]);
    const created2 = await t.db
      .selectFrom('audits')
      .select(['action', 'actor_type'])
      .where('entity', '=', 'api_key')
      .where('entity_id', '=', sk.id)
      .where('action', '=', 'api_key.created')
      .executeTakeFirstOrThrow();
    expect(created2.actor_type).toBe('user');
  });

  it('reveals a secret key only with the password, and audits it', async () => {
    const m = await createMerchant(t);
    const sk = await key(m, 'production', 'secret');
    const wrong = await t.call('POST', `/developer/keys/${sk.id}/reveal`, {
      token: m.token,
      body: { password: 'nope' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.fields).toHaveProperty('password');
    const right = await t.call('POST', `/developer/keys/${sk.id}/reveal`, {
      token: m.token,
      body: { password: PASSWORD },
    });
    expect(right.status).toBe(200);
    expect(right.body.data.value).toBe(sk.value);
    const audit = await auditOf(t, 'api_key.revealed', { entityId: sk.id });
    expect(audit.actor_id).toBe(m.user.id);
    const other = await createMerchant(t);
    expect(
      (
        await t.call('POST', `/developer/keys/${sk.id}/reveal`, {
          token: other.token,
          body: { password: PASSWORD },
        })
      ).status,
    ).toBe(404);
  });
});

/** The fields a public key reads of a product (decision 0046), and nothing else. */
const PUBLIC_PRODUCT_FIELDS = [
  'id',
  'name',
  'description',
  'sku',
  'barcode',
  'unit',
  'price',
  'sale_price',
  'in_stock',
  'images',
  'category_ids',
  'categories',
  'category',
  'created_at',
].sort();
const INTERNAL_PRODUCT_FIELDS = [
  'cost_price',
  'quantity',
  'low_stock_threshold',
  'stock_status',
  'track_stock',
  'status',
  'units_sold',
  'revenue',
  'updated_at',
];

describe('what each kind of key may read (decision 0046)', () => {
  /** A store with a category, a product in stock, one sold out and one archived. */
  async function catalogue(m: Merchant) {
    const category = await t.call('POST', '/product/category', { token: m.token, body: { name: 'Grains' } });
    expect(category.status).toBe(201);
    const make = async (body: Record<string, unknown>) => {
      const res = await t.call('POST', '/product/create', {
        token: m.token,
        body: { category_ids: [category.body.data.id], cost_price: 70000, ...body },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data as { id: string; sku: string; barcode: string };
    };
    return {
      inStock: await make({ name: 'Ofada Rice 5kg', price: 120000, quantity: 3, low_stock_threshold: 5 }),
      soldOut: await make({ name: 'Ofada Rice 10kg', price: 230000, quantity: 0 }),
      archived: await make({ name: 'Ofada Rice 50kg', price: 900000, quantity: 9, status: 'archived' }),
    };
  }

  const keysOf = (o: object) => Object.keys(o).sort();

  it('a public key reads the public catalogue: no cost price, quantity or threshold; in stock yes or no', async () => {
    const m = await createMerchant(t);
    const { inStock, soldOut, archived } = await catalogue(m);
    for (const env of ['production', 'sandbox'] as const) {
      const pk = (await key(m, env)).value!;
      if (env === 'sandbox') {
        // The twin's catalogue is its own: the same products made there with the secret key.
        const sk = (await key(m, 'sandbox', 'secret')).value!;
        await withKey(sk, 'POST', '/product/create', {
          body: { name: 'Ofada Rice 5kg', price: 120000, cost_price: 70000, quantity: 3 },
        });
      }
      const list = await withKey(pk, 'GET', '/product/paginated/results');
      expect(list.status).toBe(200);
      const items = list.body.data as Array<Record<string, unknown>>;
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) {
        expect(keysOf(item)).toEqual(PUBLIC_PRODUCT_FIELDS);
        for (const field of INTERNAL_PRODUCT_FIELDS) expect(item).not.toHaveProperty(field);
      }
      expect(JSON.stringify(list.body)).not.toContain('70000');
      if (env === 'sandbox') continue;

      // Archived products are not shown; the sold-out one is, as not in stock.
      expect(items.map((p) => [p.name, p.in_stock])).toEqual([
        ['Ofada Rice 10kg', false],
        ['Ofada Rice 5kg', true],
      ]);
      const one = await withKey(pk, 'GET', `/product/${inStock.id}`);
      expect(one.status).toBe(200);
      expect(keysOf(one.body.data)).toEqual(PUBLIC_PRODUCT_FIELDS);
      expect(one.body.data).toMatchObject({
        name: 'Ofada Rice 5kg',
        price: 120000,
        in_stock: true,
        category: 'Grains',
        categories: [{ name: 'Grains' }],
      });
      expect((await withKey(pk, 'GET', `/product/${soldOut.id}`)).body.data.in_stock).toBe(false);
      expect((await withKey(pk, 'GET', `/product/${archived.id}`)).status).toBe(404);

      const scanned = await withKey(pk, 'GET', `/product/search-barcode?barcode=${inStock.barcode}`);
      expect(keysOf(scanned.body.data)).toEqual(PUBLIC_PRODUCT_FIELDS);
      // An archived product's code answers as an unknown one does.
      const hidden = await withKey(pk, 'GET', `/product/search-barcode?barcode=${archived.barcode}`);
      const unknown = await withKey(pk, 'GET', '/product/search-barcode?barcode=NOPE-0');
      expect(hidden.status).toBe(404);
      expect(hidden.body.error.fields).toEqual(unknown.body.error.fields);

      const found = await withKey(pk, 'GET', '/product/search?name=ofada');
      expect(found.body.data.map((p: { name: string }) => p.name).sort()).toEqual([
        'Ofada Rice 10kg',
        'Ofada Rice 5kg',
      ]);
      expect(keysOf(found.body.data[0])).toEqual(PUBLIC_PRODUCT_FIELDS);

      const categories = await withKey(pk, 'GET', '/product/categories');
      expect(categories.body.data.map(keysOf)).toEqual([['description', 'id', 'name']]);

      // Filters and sorts that follow the stock, or reach archived products, are refused.
      for (const [query, field] of [
        ['stock=low_stock', 'stock'],
        ['status=all', 'status'],
        ['sort=quantity', 'sort'],
        ['sort=updated_at', 'sort'],
      ] as const) {
        const refused = await withKey(pk, 'GET', `/product/paginated/results?${query}`);
        expect(refused.status, query).toBe(400);
        expect(refused.body.error.fields).toHaveProperty(field);
      }
      expect((await withKey(pk, 'GET', '/product/search?name=ofada&status=archived')).status).toBe(400);
      const sorted = await withKey(pk, 'GET', '/product/paginated/results?sort=price&order=desc&perPage=1');
      expect(sorted.body.data.map((p: { name: string }) => p.name)).toEqual(['Ofada Rice 10kg']);
    }

    // A session and a secret key still read the whole product.
    const sk = (await key(m, 'production', 'secret')).value!;
    for (const res of [
      await withKey(sk, 'GET', `/product/${inStock.id}`),
      await t.call('GET', `/product/${inStock.id}`, { token: m.token }),
    ]) {
      expect(res.body.data).toMatchObject({ cost_price: 70000, quantity: 3, low_stock_threshold: 5 });
    }
    expect((await withKey(sk, 'GET', `/product/${archived.id}`)).status).toBe(200);
  });

  it("a public key of store A cannot read store B's catalogue", async () => {
    const a = await createMerchant(t);
    const b = await createMerchant(t);
    const { inStock } = await catalogue(b);
    const pkA = (await key(a, 'production')).value!;
    const pkTestA = (await key(a, 'sandbox')).value!;
    for (const pk of [pkA, pkTestA]) {
      expect((await withKey(pk, 'GET', '/product/paginated/results')).body.data).toEqual([]);
      expect((await withKey(pk, 'GET', `/product/${inStock.id}`)).status).toBe(404);
      expect((await withKey(pk, 'GET', `/product/search-barcode?barcode=${inStock.barcode}`)).status).toBe(
        404,
      );
      expect((await withKey(pk, 'GET', '/product/search?name=ofada')).body.data).toEqual([]);
      expect((await withKey(pk, 'GET', '/product/categories')).body.data).toEqual([]);
      for (const url of ['/product/paginated/results', '/product/categories', `/product/${inStock.id}`]) {
        const named = await t.call('GET', url, {
          headers: { authorization: `Bearer ${pk}` },
          query: { storeId: b.storeId },
        });
        expect(named.status, url).toBe(404);
      }
    }
  });

  it('a secret key cannot read the audit log; a live one not the wallet either (403)', async () => {
    const m = await createMerchant(t);
    const live = await key(m, 'production', 'secret');
    const sandbox = (await key(m, 'sandbox', 'secret')).value!;
    const auditId = (await t.call('GET', '/audits', { token: m.token })).body.data[0].id as string;
    for (const [url, pattern] of [
      ['/audits', /API keys cannot make this call \(audits\.view\)/],
      [`/audits/${auditId}`, /audits\.view/],
      ['/audits/search/Chioma', /audits\.view/],
      ['/wallet/details', /Live API keys cannot reach the wallet \(wallet\.view\)/],
      ['/wallet/transactions', /wallet\.view/],
      ['/wallet/bankcode', /wallet\.view/],
    ] as const) {
      const res = await withKey(live.value!, 'GET', url);
      expect(res.status, url).toBe(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
      expect(res.body.error.message).toMatch(pattern);
      expect(JSON.stringify(res.body)).not.toContain('Chioma');
    }
    const validate = await withKey(live.value!, 'POST', '/wallet/validate', {
      body: { accountNumber: '0123456789', bankCode: '058' },
    });
    expect(validate.status).toBe(403);
    // Read-only keys neither; a sandbox key reads the twin's wallet but not its audit log.
    await t.call('PATCH', `/developer/keys/${live.id}`, { token: m.token, body: { scope: 'read' } });
    expect((await withKey(live.value!, 'GET', '/audits')).status).toBe(403);
    expect((await withKey(live.value!, 'GET', '/wallet/details')).status).toBe(403);
    expect((await withKey(live.value!, 'GET', '/customers/paginated-results')).status).toBe(200);
    const write = await withKey(live.value!, 'POST', '/customers/create', {
      body: { first_name: 'Ngozi', last_name: 'Eze', phone_number: '08030000001' },
    });
    expect(write.status).toBe(403);
    expect(write.body.error.message).toMatch(/read-only/);
    expect((await withKey(sandbox, 'GET', '/audits')).status).toBe(403);
    expect((await withKey(sandbox, 'GET', '/wallet/details')).status).toBe(200);
    // The person still reads both.
    expect((await t.call('GET', '/audits', { token: m.token })).status).toBe(200);
    expect((await t.call('GET', '/wallet/details', { token: m.token })).status).toBe(200);
  });

  it('every route answers each kind of key as the contract (and so the OpenAPI document) says', async () => {
    const full = await createMerchant(t);
    const read = await createMerchant(t);
    const keys = {} as Record<ApiKeyKindName, string>;
    for (const [name, kind] of Object.entries(API_KEY_KINDS) as Array<
      [ApiKeyKindName, (typeof API_KEY_KINDS)[ApiKeyKindName]]
    >) {
      const m = kind.scope === 'read' && kind.type === 'secret' ? read : full;
      const made = await key(m, kind.env, kind.type === 'secret' ? 'secret' : undefined);
      if (kind.type === 'secret' && kind.scope === 'read') {
        await t.call('PATCH', `/developer/keys/${made.id}`, { token: m.token, body: { scope: 'read' } });
      }
      keys[name] = made.value!;
    }
    const mismatches: string[] = [];
    let calls = 0;
    for (const table of Object.values(apiRouteTables) as Array<Record<string, RouteDef>>) {
      for (const def of Object.values(table)) {
        if (def.access === 'public') continue;
        for (const method of [def.method].flat()) {
          for (const [name, kind] of Object.entries(API_KEY_KINDS) as Array<
            [ApiKeyKindName, (typeof API_KEY_KINDS)[ApiKeyKindName]]
          >) {
            const m = kind.scope === 'read' && kind.type === 'secret' ? read : full;
            // Every parameter a value no record has, but the store's own where the path names the store.
            const url = def.path.replace(/:(\w+)/g, (_, p: string) =>
              p === def.storeParam ? m.storeId : '01970000-0000-7000-8000-000000000000',
            );
            const res = await withKey(keys[name], method, url);
            calls++;
            const refused = res.status === 403;
            if (refused === apiKeyMayCall(def, kind) || res.status >= 500) {
              mismatches.push(
                `${name} ${method} ${def.path}: ${res.status} ${res.body?.error?.message ?? ''}`,
              );
            }
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(calls).toBeGreaterThan(6 * 150);
  }, 120_000);
});

describe('reveal throttle (decision 0046)', () => {
  const reveal = (m: Merchant, id: string, password: string) =>
    t.call('POST', `/developer/keys/${id}/reveal`, { token: m.token, body: { password } });

  it('five wrong passwords, then 429 with a clear message, the right one included, until the hour passes', async () => {
    const m = await createMerchant(t);
    const sk = await key(m, 'production', 'secret');
    for (let i = 0; i < 5; i++) expect((await reveal(m, sk.id, `wrong-${i}`)).status).toBe(422);
    const locked = await reveal(m, sk.id, 'wrong-again');
    expect(locked.status).toBe(429);
    expect(locked.body.error.code).toBe('RATE_LIMITED');
    expect(locked.body.error.message).toMatch(/^Too many wrong passwords\. Try again in \d+ minutes\.$/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    const right = await reveal(m, sk.id, PASSWORD);
    expect(right.status).toBe(429);
    expect(right.body.data).toBeUndefined();
    t.clock.advance(59 * 60_000);
    expect((await reveal(m, sk.id, PASSWORD)).status).toBe(429);
    t.clock.advance(60_000);
    const after = await reveal(m, sk.id, PASSWORD);
    expect(after.status).toBe(200);
    expect(after.body.data.value).toBe(sk.value);
    // Only one reveal is audited: the refused ones showed nothing.
    const audits = await auditsOf(t, 'api_key.revealed', { entityId: sk.id });
    expect(audits).toHaveLength(1);
  });

  it('a right password does not count; the limit is per person; a burst of guesses gets five tries', async () => {
    const m = await createMerchant(t);
    const sk = await key(m, 'production', 'secret');
    for (let i = 0; i < 4; i++) expect((await reveal(m, sk.id, `wrong-${i}`)).status).toBe(422);
    expect((await reveal(m, sk.id, PASSWORD)).status).toBe(200);
    expect((await reveal(m, sk.id, 'wrong-4')).status).toBe(422);
    expect((await reveal(m, sk.id, PASSWORD)).status).toBe(429);
    // Another person of the store is not locked out by the first one's mistakes.
    const admin = await createStaff(t, m, 'admin');
    expect((await reveal(admin, sk.id, PASSWORD)).status).toBe(200);

    // 20 guesses at once from a fresh person: five are checked, the rest refused unchecked,
    // even with the right password among them.
    const other = await createMerchant(t);
    const otherKey = await key(other, 'sandbox', 'secret');
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => reveal(other, otherKey.id, i === 19 ? PASSWORD : `guess-${i}`)),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    expect(statuses.filter((s) => s === 422 || s === 200)).toHaveLength(5);
  });
});

describe('metering', () => {
  it('400 concurrent live calls on a free store with none used: exactly 250 answered, 150 refused with 402', async () => {
    const m = await createMerchant(t);
    const sk = (await key(m, 'production', 'secret')).value!;
    const replies = await Promise.all(
      Array.from({ length: 400 }, () => withKey(sk, 'GET', '/product/paginated/results')),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(250);
    expect(statuses.filter((s) => s === 402)).toHaveLength(150);
    const refused = replies.find((r) => r.status === 402)!;
    expect(refused.body.error.message).toMatch(/250 live API calls a month.*Upgrade to GROWTH/);

    // Sandbox calls are neither counted nor refused.
    const sandbox = (await key(m, 'sandbox', 'secret')).value!;
    for (let i = 0; i < 5; i++)
      expect((await withKey(sandbox, 'GET', '/product/paginated/results')).status).toBe(200);

    const usage = await t.call('GET', '/developer/usage', { token: m.token });
    expect(usage.body.data).toMatchObject({
      plan_name: 'FREEMIUM',
      allowance: 250,
      live_calls: 250,
      sandbox_calls: 5,
    });
    const today = usage.body.data.days.at(-1);
    expect(today).toMatchObject({ live: 250, sandbox: 5 });
  });

  it('a paid plan is unmetered: GROWTH answers past 250 live calls', async () => {
    const m = await createMerchant(t);
    expect((await t.call('POST', '/wallet', { token: m.token })).status).toBe(200);
    const price = t.config.PLAN_GROWTH_MONTHLY_PRICE;
    expect(
      (await t.call('POST', '/wallet/sandbox/deposit', { token: m.token, body: { amount: price } })).status,
    ).toBe(201);
    const subscribed = await t.call('POST', '/subscription/subscribe', {
      token: m.token,
      body: { plan_code: 'GRO001', password: PASSWORD },
    });
    expect(subscribed.status).toBe(200);
    const sk = (await key(m, 'production', 'secret')).value!;
    const replies = await Promise.all(
      Array.from({ length: 260 }, () => withKey(sk, 'GET', '/product/paginated/results')),
    );
    expect(replies.every((r) => r.status === 200)).toBe(true);
    const usage = await t.call('GET', '/developer/usage', { token: m.token });
    expect(usage.body.data).toMatchObject({ plan_name: 'GROWTH', allowance: null, live_calls: 260 });
  });

  it('a refused call (bad input) does not use the allowance; a new month starts again', async () => {
    const m = await createMerchant(t);
    const sk = (await key(m, 'production', 'secret')).value!;
    expect((await withKey(sk, 'GET', '/product/paginated/results?perPage=abc')).status).toBe(400);
    expect((await t.call('GET', '/developer/usage', { token: m.token })).body.data.live_calls).toBe(0);
    await t.db
      .insertInto('api_usage_months')
      .values({
        store_id: m.storeId,
        month: (await t.call('GET', '/developer/usage', { token: m.token })).body.data.month,
        live_calls: 250,
      })
      .execute();
    expect((await withKey(sk, 'GET', '/product/paginated/results')).status).toBe(402);
    t.clock.advance(32 * 86_400_000);
    expect((await withKey(sk, 'GET', '/product/paginated/results')).status).toBe(200);
  });
});

describe('rate limits', () => {
  let r: TestApp;
  withTestApp((app) => (r = app), { API_KEY_CALLS_PER_MINUTE: '5', API_USER_CALLS_PER_MINUTE: '8' });

  it('answers RateLimit headers per key and a 429 with Retry-After past the limit', async () => {
    const m = await createMerchant(r);
    const generated = await r.call('GET', '/developer/generate-keys', {
      token: m.token,
      query: { env: 'sandbox', type: 'secret' },
    });
    const sk = generated.body.data.value as string;
    const call = () =>
      r.call('GET', '/product/paginated/results', { headers: { authorization: `Bearer ${sk}` } });
    const first = await call();
    expect(first.status).toBe(200);
    expect(first.headers['ratelimit-limit']).toBe('5');
    expect(first.headers['ratelimit-remaining']).toBe('4');
    expect(Number(first.headers['ratelimit-reset'])).toBeGreaterThan(0);
    for (let i = 0; i < 4; i++) expect((await call()).status).toBe(200);
    const limited = await call();
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('60');
    expect(limited.headers['ratelimit-remaining']).toBe('0');
    expect(limited.body.error.message).toMatch(/Too many requests/);
    r.clock.advance(60_000);
    expect((await call()).status).toBe(200);
  });

  it('limits a signed-in user across sessions too', async () => {
    const m = await createMerchant(r);
    // A new window: signing up and onboarding were calls of this user too.
    r.clock.advance(60_000);
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++)
      statuses.push((await r.call('GET', '/developer/keys', { token: m.token })).status);
    expect(statuses.slice(0, 8).every((s) => s === 200)).toBe(true);
    expect(statuses[8]).toBe(429);
  });
});
