import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type Merchant } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let m: Merchant;

beforeAll(async () => {
  t = await createTestApp();
  m = await createMerchant(t);
});
afterAll(async () => t.close());

const product = async (body: Record<string, unknown>) =>
  (await t.call('POST', '/product/create', { token: m.token, body: { price: 100000, ...body } })).body.data;
const customer = async (first_name: string, phone_number: string) =>
  (
    await t.call('POST', '/customers/create', {
      token: m.token,
      body: { first_name, last_name: 'Test', phone_number },
    })
  ).body.data;
const sell = async (body: Record<string, unknown>) => {
  const res = await t.call('POST', '/order', {
    token: m.token,
    body: { payment_type: 'cash', channel: 'pos', ...body },
  });
  expect(res.status).toBe(201);
  return res.body.data;
};

describe('customers and their orders', () => {
  it('shows a customer’s orders, counts and spend, and the returning filter', async () => {
    const bread = await product({ name: 'Agege Bread', quantity: 50 });
    const ada = await customer('Ada', '+2348011110001');
    const bayo = await customer('Bayo', '+2348011110002');
    const first = await sell({
      customer_id: ada.id,
      items: [{ product_id: bread.id, quantity: 2 }],
      amount_received: 200000,
    });
    await sell({
      customer_id: ada.id,
      items: [{ product_id: bread.id, quantity: 1 }],
      amount_received: 100000,
    });
    await sell({
      customer_id: bayo.id,
      items: [{ product_id: bread.id, quantity: 1 }],
      amount_received: 100000,
    });

    const orders = await t.call('GET', `/order/customer/${ada.id}`, { token: m.token });
    expect(orders.status).toBe(200);
    expect(orders.body.pagination.total).toBe(2);
    expect(orders.body.data.map((o: { id: string }) => o.id)).toContain(first.id);

    const detail = (await t.call('GET', `/customers/${ada.id}`, { token: m.token })).body.data;
    expect(detail).toMatchObject({ orders_count: 2, total_spent: 300000 });
    expect(detail.last_order_at).toBeTruthy();

    const returning = await t.call('GET', '/customers/filter-customer/returning', { token: m.token });
    expect(returning.body.data.map((c: { id: string }) => c.id)).toEqual([ada.id]);

    const other = await createMerchant(t);
    expect((await t.call('GET', `/order/customer/${ada.id}`, { token: other.token })).status).toBe(404);
  });

  it('archives instead of deleting a product that is on an order or a purchase order', async () => {
    const untracked = await product({ name: 'Haircut', track_stock: false });
    await sell({ items: [{ product_id: untracked.id, quantity: 1 }], amount_received: 100000 });
    const sold = await t.call('DELETE', `/product/${untracked.id}`, { token: m.token });
    expect(sold.status).toBe(200);
    expect(sold.body.data).toMatchObject({ archived: true });

    const ordered = await product({ name: 'Pure Water Bag', quantity: 0 });
    const vendor = (await t.call('POST', '/vendor', { token: m.token, body: { name: 'Water Works' } })).body
      .data;
    await t.call('POST', '/purchase_order', {
      token: m.token,
      body: { vendor_id: vendor.id, items: [{ product_id: ordered.id, quantity: 10, unit_cost: 2000 }] },
    });
    const onPo = await t.call('DELETE', `/product/${ordered.id}`, { token: m.token });
    expect(onPo.body.data).toMatchObject({ archived: true });

    const loose = await product({ name: 'Never used', quantity: 0 });
    expect((await t.call('DELETE', `/product/${loose.id}`, { token: m.token })).body.data).toMatchObject({
      archived: false,
    });
    expect((await t.call('GET', `/product/${loose.id}`, { token: m.token })).status).toBe(404);
  });
});
