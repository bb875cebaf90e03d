import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { seedDemo } from './demo.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('demo seed', () => {
  it('creates a shop with a catalogue in stock and customers', async () => {
    const people = await seedDemo(t.database.db, t.config);
    const signIn = await t.call('POST', '/user/signin', {
      body: { email: people!.owner.email, password: people!.owner.password },
    });
    const token = signIn.body.data.userToken;
    const query = { storeId: people!.storeId, perPage: 100 };
    const products = await t.call('GET', '/product/paginated/results', { token, query });
    expect(products.body.pagination.total).toBeGreaterThanOrEqual(40);
    expect(products.body.data.every((p: { categories: unknown[] }) => p.categories.length === 1)).toBe(true);
    const out = await t.call('GET', '/product/paginated/results', {
      token,
      query: { ...query, stock: 'out_of_stock' },
    });
    expect(out.body.data.length).toBeGreaterThan(0);
    const customers = await t.call('GET', '/customers/paginated-results', { token, query });
    expect(customers.body.pagination.total).toBe(24);
    expect(
      (await t.call('GET', '/customers/filter-customer/blocked', { token, query })).body.data,
    ).toHaveLength(1);

    const vendors = await t.call('GET', '/vendor', { token, query });
    expect(vendors.body.pagination.total).toBe(3);
    const orders = await t.call('GET', '/purchase_order', { token, query });
    expect(orders.body.data.map((o: { status: string }) => o.status).sort()).toEqual([
      'draft',
      'issued',
      'partially_received',
    ]);

    // Settings → Tax and Shipping are filled in, and a quote charges them.
    const tax = await t.call('GET', `/tax/store/${people!.storeId}`, { token, query });
    expect(tax.body.data).toHaveLength(1);
    const shipping = await t.call('GET', `/shipping/store/${people!.storeId}`, { token, query });
    const rates = shipping.body.data as Array<{ id: string; name: string; is_active: boolean }>;
    expect(rates.filter((r) => r.is_active).map((r) => r.name)).toEqual(
      expect.arrayContaining(['Lagos delivery', 'Nationwide courier']),
    );
    const lagos = rates.find((r) => r.name === 'Lagos delivery')!;
    const quote = await t.call('POST', '/order/quote', {
      token,
      query,
      body: { items: [{ product_id: products.body.data[0].id, quantity: 1 }], shipping_id: lagos.id },
    });
    expect(quote.status).toBe(200);
    expect(quote.body.data.shipping).toBe(150_000);
    expect(quote.body.data.tax_inclusive).toBe(true);
    expect(quote.body.data.taxes[0]).toMatchObject({ name: 'VAT', rate: 7.5 });

    // The demo's four people and branch fit its plan: Team 4 of 5, Stores 2 of 3, nothing read-only.
    const plan = await t.call('GET', '/subscription', { token, query });
    expect(plan.body.data).toMatchObject({
      active: true,
      plan: { code: 'GRO002', members: 5, stores: 3 },
      usage: { members: 4, stores: 2 },
      over_limit: { members: false, stores: false },
    });

    // Every product's quantity is the sum of its ledger.
    const sums = await t.db
      .selectFrom('products as p')
      .leftJoin('stock_movements as s', (j) =>
        j.onRef('s.store_id', '=', 'p.store_id').onRef('s.product_id', '=', 'p.id'),
      )
      .select(['p.id', 'p.quantity'])
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('s.quantity_change'), eb.lit(0)).as('ledger'))
      .where('p.store_id', '=', people!.storeId)
      .groupBy(['p.id', 'p.quantity'])
      .execute();
    for (const row of sums) expect(Number(row.ledger)).toBe(Number(row.quantity));
  });
});
