import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, createStaff, type Merchant } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createProduct, order, stockOf } from '../../test/sales-fixtures.js';

let t: TestApp;
let m: Merchant;
let other: Merchant;
let cashier: Merchant;

beforeAll(async () => {
  t = await createTestApp();
  m = await createMerchant(t);
  other = await createMerchant(t);
  cashier = await createStaff(t, m, 'cashier');
});
afterAll(async () => t.close());

async function placed(body: Record<string, unknown>) {
  const res = await order(t, m, body);
  if (res.status !== 201) throw new Error(`order failed: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

const quote = (id: string, body: Record<string, unknown> = {}, who: Merchant = m) =>
  t.call('POST', `/order/${id}/refund/quote`, { token: who.token, body });

describe('refund quote', () => {
  it('answers what the refund then does, and how the money goes back, without writing anything', async () => {
    const a = await createProduct(t, m, { price: 10_000, quantity: 10 });
    const b = await createProduct(t, m, { price: 5_000, quantity: 10 });
    const o = await placed({
      items: [
        { product_id: a.id, quantity: 3 },
        { product_id: b.id, quantity: 2 },
      ],
      channel: 'pos',
      payment_type: 'card',
      amount_received: 40_000,
    });
    const items = [{ product_id: a.id, quantity: 1 }];
    const q = await quote(o.id, { items });
    expect(q.status).toBe(200);
    expect(q.body.data).toEqual({
      value: 10_000,
      amount: 10_000,
      methods: ['card'],
      outstanding_after: 0,
      full: false,
      items: [{ product_id: a.id, name: a.name, quantity: 1, value: 10_000 }],
    });
    expect(await stockOf(t, a.id)).toBe(7);

    const refund = await t.call('POST', `/order/${o.id}/refund`, {
      token: m.token,
      body: { items, reason: 'One dented' },
    });
    expect(refund.status).toBe(201);
    expect(refund.body.data.refund).toMatchObject({ value: q.body.data.value, amount: q.body.data.amount });

    // The rest: the last refund settles the order exactly.
    const rest = await quote(o.id);
    expect(rest.body.data).toMatchObject({ value: 30_000, amount: 30_000, full: true });
  });

  it('says nothing goes back on a sale not paid beyond what the customer keeps', async () => {
    const p = await createProduct(t, m, { price: 10_000, quantity: 10 });
    const o = await placed({ items: [{ product_id: p.id, quantity: 3 }], amount_received: 5_000 });
    for (const status of ['processing', 'success'])
      expect(
        (await t.call('PATCH', `/order/status/${o.id}`, { token: m.token, body: { status } })).status,
      ).toBe(200);
    const q = await quote(o.id, { items: [{ product_id: p.id, quantity: 1 }] });
    expect(q.body.data).toMatchObject({ value: 10_000, amount: 0, methods: [], outstanding_after: 15_000 });
  });

  it('refuses bad input naming the field, an order not completed, another store and a cashier', async () => {
    const p = await createProduct(t, m, { price: 10_000, quantity: 10 });
    const done = await placed({
      items: [{ product_id: p.id, quantity: 2 }],
      channel: 'pos',
      amount_received: 20_000,
    });
    const bad = await quote(done.id, { items: [{ product_id: p.id, quantity: 0 }] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(['items.0.quantity']);
    const tooMany = await quote(done.id, { items: [{ product_id: p.id, quantity: 3 }] });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.error.fields).toEqual({ 'items.0.quantity': 'Only 2 can be refunded' });

    const open = await placed({ items: [{ product_id: p.id, quantity: 1 }] });
    expect((await quote(open.id)).status).toBe(409);
    expect((await quote(done.id, {}, other)).status).toBe(404);
    expect((await quote(done.id, {}, cashier)).status).toBe(403);
  });
});
