import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type Merchant } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createProduct, ledgerSum, order, stockOf } from '../../test/sales-fixtures.js';

// Requests run concurrently through app.inject; on PostgreSQL the harness pool has 20
// connections, so transactions really overlap there.
let t: TestApp;
let m: Merchant;

beforeAll(async () => {
  t = await createTestApp();
  m = await createMerchant(t);
});
afterAll(async () => t.close());

describe('concurrent orders', () => {
  it('accepts exactly 10 of 200 one-unit orders for 10 in stock; the rest get 409', async () => {
    const p = await createProduct(t, m, { name: 'Last Crates of Star Lager', price: 50_000, quantity: 10 });
    const results = await Promise.all(
      Array.from({ length: 200 }, () => order(t, m, { items: [{ product_id: p.id, quantity: 1 }] })),
    );
    const statuses = results.map((r) => r.status);
    const accepted = results.filter((r) => r.status === 201);
    expect(accepted).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(190);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    for (const r of results.filter((x) => x.status === 409)) {
      expect(r.body.message).toBe('"Last Crates of Star Lager" is out of stock.');
    }

    expect(await stockOf(t, p.id)).toBe(0);
    expect(await ledgerSum(t, p.id)).toBe(0);
    const sales = await t.db
      .selectFrom('stock_movements')
      .select(['reference_id', 'quantity_change', 'quantity_before', 'quantity_after'])
      .where('product_id', '=', p.id)
      .where('reason', '=', 'sale')
      .execute();
    expect(sales).toHaveLength(10);
    expect(new Set(sales.map((s) => s.reference_id))).toEqual(new Set(accepted.map((r) => r.body.data.id)));
    // Each sale took the quantity from a distinct level: 10 → 9, 9 → 8 … 1 → 0.
    expect(sales.map((s) => Number(s.quantity_before)).sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
    const lines = await t.db
      .selectFrom('order_items')
      .select((eb) => eb.fn.sum<number | string>('quantity').as('sold'))
      .where('product_id', '=', p.id)
      .executeTakeFirst();
    expect(Number(lines?.sold)).toBe(10);
    const numbers = accepted.map((r) => r.body.data.number as string);
    expect(new Set(numbers).size).toBe(10);
  });

  it('uses a discount with a usage limit of 5 exactly 5 times under 50 concurrent orders', async () => {
    const p = await createProduct(t, m, { price: 20_000, quantity: 1_000 });
    const d = await t.call('POST', '/discounts', {
      token: m.token,
      body: { name: 'First five', code: 'FIRST5', type: 'percentage', value: 50, usage_limit: 5 },
    });
    expect(d.status).toBe(201);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        order(t, m, { items: [{ product_id: p.id, quantity: 1 }], discount_code: 'FIRST5' }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(45);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    const row = await t.db
      .selectFrom('discounts')
      .select('used_count')
      .where('id', '=', d.body.data.id)
      .executeTakeFirst();
    expect(Number(row?.used_count)).toBe(5);
    const withCode = await t.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('discount_id', '=', d.body.data.id)
      .executeTakeFirst();
    expect(Number(withCode?.n)).toBe(5);
    // Refused orders took no stock.
    expect(await stockOf(t, p.id)).toBe(995);
  });

  it('creates one order for many simultaneous requests with the same Idempotency-Key', async () => {
    const p = await createProduct(t, m, { quantity: 100 });
    const body = { items: [{ product_id: p.id, quantity: 1 }] };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => order(t, m, body, { 'idempotency-key': 'double-tap-on-sell' })),
    );
    for (const r of results) expect([201, 409]).toContain(r.status);
    const ids = new Set(results.filter((r) => r.status === 201).map((r) => r.body.data.id));
    expect(ids.size).toBe(1);
    for (const r of results.filter((x) => x.status === 409)) {
      expect(r.body.message).toBe(
        'A request with this Idempotency-Key is still being processed. Try again shortly.',
      );
    }
    expect(await stockOf(t, p.id)).toBe(99);
  });
});
