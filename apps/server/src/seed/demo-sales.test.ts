import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from './demo.js';
import { createMerchant } from '../test/fixtures.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { createCustomer, createProduct, ledgerSum, stockOf } from '../test/sales-fixtures.js';
import { seedSalesDemo } from './demo-sales.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('demo sales', () => {
  it('gives the demo store its discounts (orders need products)', async () => {
    const people = await seedDemo(t.database.db, t.config);
    const codes = await t.db
      .selectFrom('discounts')
      .select('code')
      .where('store_id', '=', people!.storeId)
      .orderBy('code')
      .execute();
    expect(codes.map((c) => c.code)).toEqual(['FESTIVE1000', 'SCHOOL5', 'WELCOME10']);
  });

  it('places orders in every status in a store with products, keeping the books straight', async () => {
    const m = await createMerchant(t);
    const products = [];
    for (let i = 0; i < 5; i++)
      products.push(await createProduct(t, m, { price: 25_000 + i * 10_000, quantity: 40 }));
    await createCustomer(t, m);
    await createCustomer(t, m, { first_name: 'Ifeoma' });
    const result = await seedSalesDemo(t.database.db, t.config, m.storeId);
    expect(result).toEqual({ discounts: 3, orders: 12 });
    const statuses = await t.db
      .selectFrom('orders')
      .select('status')
      .where('store_id', '=', m.storeId)
      .execute();
    expect(new Set(statuses.map((s) => s.status))).toEqual(
      new Set(['success', 'pending', 'processing', 'cancelled']),
    );
    const list = await t.call('GET', '/order', { token: m.token, query: { perPage: 20 } });
    expect(list.body.pagination.total).toBe(12);
    expect(list.body.data.some((o: any) => o.refunded_total > 0)).toBe(true);
    for (const p of products) expect(await ledgerSum(t, p.id)).toBe(await stockOf(t, p.id));
  });
});
