import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type Merchant } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createCustomer, createProduct, order, stockOf } from '../../test/sales-fixtures.js';

/** Tax rules and shipping rates of the settings area, as orders and quotes charge them. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function taxRule(m: Merchant, body: Record<string, unknown>) {
  const res = await t.call('POST', '/tax', { token: m.token, body });
  if (res.status !== 201) throw new Error(`tax failed: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

async function shippingRate(m: Merchant, body: Record<string, unknown> = {}) {
  const res = await t.call('POST', '/shipping', {
    token: m.token,
    body: { name: 'Lagos express', country: 'Nigeria', states: ['Lagos'], fee: 150_000, ...body },
  });
  if (res.status !== 201) throw new Error(`shipping failed: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

const quote = (m: Merchant, body: Record<string, unknown>) =>
  t.call('POST', '/order/quote', { token: m.token, body });

/** A store in Lagos, Nigeria (the fixture's business info), with VAT 7.5 % for Lagos and a delivery rate. */
async function lagosShop() {
  const m = await createMerchant(t);
  await taxRule(m, { country: 'Nigeria', states: ['Lagos'], rates: [{ name: 'VAT', rate: 7.5 }] });
  const express = await shippingRate(m);
  const product = await createProduct(t, m, { name: 'Indomie carton', price: 1_000_000, quantity: 10 });
  return { m, express, product };
}

describe("an order's tax and shipping", () => {
  it("quotes and charges the store's tax rule and the chosen shipping fee", async () => {
    const { m, express, product } = await lagosShop();
    const cart = { items: [{ product_id: product.id, quantity: 2 }], shipping_id: express.id };

    const q = await quote(m, cart);
    expect(q.status).toBe(200);
    expect(q.body.data).toMatchObject({
      subtotal: 2_000_000,
      tax: 150_000,
      taxes: [{ name: 'VAT', rate: 7.5, amount: 150_000 }],
      tax_inclusive: false,
      shipping: 150_000,
      shipping_name: 'Lagos express',
      // 20,000.00 + 7.5 % VAT + 1,500.00 delivery (delivery is not taxed)
      total: 2_300_000,
    });
    expect(q.body.data.items[0].tax).toBe(150_000);

    const res = await order(t, m, { ...cart, channel: 'pos', amount_received: 2_300_000 });
    expect(res.status).toBe(201);
    const placed = res.body.data;
    expect(placed).toMatchObject({
      subtotal: 2_000_000,
      tax: 150_000,
      taxes: [{ name: 'VAT', rate: 7.5, amount: 150_000 }],
      shipping: 150_000,
      shipping_id: express.id,
      shipping_name: 'Lagos express',
      total: 2_300_000,
      amount_outstanding: 0,
    });
    const detail = await t.call('GET', `/order/${placed.id}`, { token: m.token });
    expect(detail.body.data).toMatchObject({
      tax: 150_000,
      shipping: 150_000,
      shipping_name: 'Lagos express',
    });

    // Without a shipping choice the sale still pays the tax, and no fee.
    const walkIn = await quote(m, { items: [{ product_id: product.id, quantity: 1 }] });
    expect(walkIn.body.data).toMatchObject({
      tax: 75_000,
      shipping: 0,
      shipping_name: null,
      total: 1_075_000,
    });
  });

  it('keeps what an order charged when the rule and the rate change or go', async () => {
    const { m, express, product } = await lagosShop();
    const placed = (
      await order(t, m, {
        items: [{ product_id: product.id, quantity: 1 }],
        shipping_id: express.id,
        channel: 'pos',
        amount_received: 1_225_000,
      })
    ).body.data;
    const rules = (await t.call('GET', `/tax/store/${m.storeId}`, { token: m.token })).body.data;
    await t.call('DELETE', `/tax/delete/${rules[0].id}`, { token: m.token });
    await t.call('DELETE', `/shipping/delete/${express.id}`, { token: m.token });
    const detail = (await t.call('GET', `/order/${placed.id}`, { token: m.token })).body.data;
    expect(detail).toMatchObject({
      tax: 75_000,
      shipping: 150_000,
      shipping_name: 'Lagos express',
      total: 1_225_000,
    });

    // A full refund gives back everything the order charged: goods, tax and delivery.
    const refund = await t.call('POST', `/order/${placed.id}/refund`, {
      token: m.token,
      body: { reason: 'Wrong address' },
    });
    expect(refund.status).toBe(201);
    expect(refund.body.data.order).toMatchObject({
      status: 'refunded',
      refunded_total: 1_225_000,
      amount_refunded: 1_225_000,
    });
  });

  it("refuses a switched-off, another store's or unknown rate with a 422 on shipping_id, taking no stock", async () => {
    const { m, product } = await lagosShop();
    const off = await shippingRate(m, { name: 'Okada dispatch', is_active: false });
    const elsewhere = await shippingRate(await createMerchant(t), { name: 'Their rate' });
    const items = [{ product_id: product.id, quantity: 1 }];

    const offQuote = await quote(m, { items, shipping_id: off.id });
    expect(offQuote.status).toBe(422);
    expect(offQuote.body.message).toBe(
      'The shipping rate "Okada dispatch" is switched off. Choose another, or switch it on in Settings → Shipping.',
    );
    expect(offQuote.body.error.fields).toEqual({ shipping_id: '"Okada dispatch" is switched off' });
    const offOrder = await order(t, m, { items, shipping_id: off.id });
    expect(offOrder.status).toBe(422);
    expect(offOrder.body.error.fields.shipping_id).toBe('"Okada dispatch" is switched off');

    for (const id of [elsewhere.id, '01970000-0000-7000-8000-000000000000']) {
      const res = await order(t, m, { items, shipping_id: id });
      expect(res.status).toBe(422);
      expect(res.body.error.fields).toEqual({ shipping_id: `There is no shipping rate ${id} in this store` });
    }
    expect(await stockOf(t, product.id)).toBe(10);

    // Switched back on, it is charged.
    await t.call('PATCH', `/shipping/update/${off.id}`, { token: m.token, body: { is_active: true } });
    expect((await quote(m, { items, shipping_id: off.id })).body.data.shipping).toBe(150_000);
  });

  it("taxes by the customer's state, falling back to the country's rule for all states, else none", async () => {
    const { m, product } = await lagosShop();
    await taxRule(m, { country: 'nigeria', states: ['*'], rates: [{ name: 'VAT', rate: 5 }] });
    const items = [{ product_id: product.id, quantity: 1 }];
    const inLagos = await createCustomer(t, m, { state: ' LAGOS ' });
    const inAbuja = await createCustomer(t, m, { state: 'FCT' });
    const inAccra = await createCustomer(t, m, { country: 'Ghana', state: 'Greater Accra' });
    const taxFor = async (customerId?: string) =>
      (await quote(m, { items, ...(customerId ? { customer_id: customerId } : {}) })).body.data.tax;

    expect(await taxFor(inLagos.id)).toBe(75_000);
    expect(await taxFor(inAbuja.id)).toBe(50_000);
    expect(await taxFor(inAccra.id)).toBe(0);
    // A walk-in sale is taxed where the store is.
    expect(await taxFor()).toBe(75_000);
  });

  it('shows an inclusive rule without adding it, and taxes what is left after a discount', async () => {
    const m = await createMerchant(t);
    await taxRule(m, {
      country: 'Nigeria',
      states: ['Lagos'],
      rates: [
        { name: 'VAT', rate: 7.5 },
        { name: 'Levy', rate: 0.5 },
      ],
      inclusive: true,
    });
    const product = await createProduct(t, m, { price: 1_080_000, quantity: 5 });
    const q = (await quote(m, { items: [{ product_id: product.id, quantity: 1 }] })).body.data;
    // 10,800.00 includes 8 %: 10,000.00 + 750.00 + 50.00.
    expect(q).toMatchObject({
      tax_inclusive: true,
      taxes: [
        { name: 'VAT', rate: 7.5, amount: 75_000 },
        { name: 'Levy', rate: 0.5, amount: 5_000 },
      ],
      tax: 80_000,
      total: 1_080_000,
    });

    const d = await createMerchant(t);
    await taxRule(d, { country: 'Nigeria', states: ['Lagos'], rates: [{ name: 'VAT', rate: 7.5 }] });
    const code = await t.call('POST', '/discounts', {
      token: d.token,
      body: { name: 'Ten off', code: 'TENOFF', type: 'percentage', value: 10 },
    });
    expect(code.status).toBe(201);
    const item = await createProduct(t, d, { price: 1_000_000, quantity: 5 });
    const discounted = (
      await quote(d, { items: [{ product_id: item.id, quantity: 1 }], discount_code: 'TENOFF' })
    ).body.data;
    expect(discounted).toMatchObject({ subtotal: 1_000_000, discount: 100_000, tax: 67_500, total: 967_500 });
  });
});
