import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type Merchant } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createProduct, order } from '../../test/sales-fixtures.js';

/**
 * Decision 0059: a product's revenue is one figure. The Products list (summed from the order
 * lines in its page statement) and Sales by item (the kept sales figures) must agree, with a
 * discount code on the sale and after partial refunds that round.
 */

let t: TestApp;
let m: Merchant;

beforeAll(async () => {
  t = await createTestApp();
  m = await createMerchant(t);
  const code = await t.call('POST', '/discounts', {
    token: m.token,
    body: { name: 'Ten off', code: 'TEN', type: 'percentage', value: 10 },
  });
  expect(code.status, JSON.stringify(code.body)).toBe(201);
});
afterAll(async () => t.close());

async function productsRevenue(id: string, name: string): Promise<number> {
  const res = await t.call('GET', '/product/paginated/results', { token: m.token, query: { search: name } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.find((r: { id: string }) => r.id === id).revenue;
}

async function salesByItemRevenue(id: string, name: string): Promise<number> {
  // This month, the report's default range: the sales were made just now.
  const res = await t.call('GET', '/sales_report/items', { token: m.token, query: { search: name } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.rows.find((r: { product_id: string }) => r.product_id === id).revenue;
}

async function sell(productId: string, quantity: number) {
  const quote = await t.call('POST', '/order/quote', {
    token: m.token,
    body: { items: [{ product_id: productId, quantity }], discount_code: 'TEN' },
  });
  const res = await order(t, m, {
    items: [{ product_id: productId, quantity }],
    discount_code: 'TEN',
    channel: 'pos',
    amount_received: quote.body.data.total,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

describe('one revenue for Products and Sales by item', () => {
  it('counts the line after its line and code discounts, tax not added, less refunds, on both screens', async () => {
    const name = 'Zobo bottle 50cl';
    const p = await createProduct(t, m, { name, price: 32_000, quantity: 100 });
    // ₦320 × 10 = ₦3,200 less the 10 % code: ₦2,880 (the figure Sales by item showed).
    const sale = await sell(p.id, 10);
    expect(await salesByItemRevenue(p.id, name)).toBe(288_000);
    expect(await productsRevenue(p.id, name)).toBe(288_000);

    const refund = await t.call('POST', `/order/${sale.id}/refund`, {
      token: m.token,
      body: { items: [{ product_id: p.id, quantity: 1 }], reason: 'Broken seal' },
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    expect(await salesByItemRevenue(p.id, name)).toBe(259_200);
    expect(await productsRevenue(p.id, name)).toBe(259_200);
  });

  it('rounds refunded shares the same way on both screens', async () => {
    const name = 'Chin chin pack';
    const p = await createProduct(t, m, { name, price: 33_333, quantity: 100 });
    const sale = await sell(p.id, 3); // 99,999 less 10,000 (rounded code share): 89,999
    for (let k = 0; k < 2; k += 1) {
      const refund = await t.call('POST', `/order/${sale.id}/refund`, {
        token: m.token,
        body: { items: [{ product_id: p.id, quantity: 1 }], reason: 'One back' },
      });
      expect(refund.status, JSON.stringify(refund.body)).toBe(201);
      const kept = await salesByItemRevenue(p.id, name);
      expect(await productsRevenue(p.id, name)).toBe(kept);
    }
    // One unit of three kept: a third of the line's revenue, rounded half up.
    const line = (await t.call('GET', `/order/${sale.id}`, { token: m.token })).body.data.items[0];
    const value = line.total - line.order_discount;
    expect(await productsRevenue(p.id, name)).toBe(value - Math.round((value * 2) / 3));
  });
});
