import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithTwoStores, createMerchant, type Merchant, auditsOf } from '../../test/fixtures.js';
import type { TestApp } from '../../test/harness.js';
import { createCustomer, createMemberWith, createProduct, order } from '../../test/sales-fixtures.js';

let t: TestApp, m: Merchant, other: Merchant, cashier: Merchant;
beforeAll(async () => ({ t, m, other, cashier } = await appWithTwoStores()));
afterAll(async () => t.close());

const pay = (body: Record<string, unknown>, who: Merchant = m, headers: Record<string, string> = {}) =>
  t.call('POST', '/payment_received/add_payment', {
    token: who.token,
    body: { payment_mode: 'bank_transfer', ...body },
    headers,
  });

async function unpaidOrder(total = 100_000, customerId?: string) {
  const p = await createProduct(t, m, { price: total });
  const res = await order(t, m, { items: [{ product_id: p.id, quantity: 1 }], customer_id: customerId });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.data;
}

describe('recording payments', () => {
  it("raises the order's amount received, numbering payments PAY- in the store", async () => {
    const o = await unpaidOrder(100_000);
    const first = await pay({
      order_id: o.id,
      amount: 40_000,
      reference: 'GTB-TRF-2201',
      note: 'Part payment',
    });
    expect(first.status).toBe(201);
    expect(first.body.message).toBe('Payment recorded');
    expect(first.body.data).toMatchObject({
      order_id: o.id,
      order_number: o.number,
      amount: 40_000,
      payment_mode: 'bank_transfer',
      reference: 'GTB-TRF-2201',
      note: 'Part payment',
      source: 'payment',
      order_amount_received: 40_000,
      order_amount_outstanding: 60_000,
      order_payment_state: 'partially_paid',
    });
    expect(first.body.data.number).toMatch(/^PAY-\d{6}$/);
    const second = await pay({ order_id: o.id, amount: 60_000, payment_mode: 'cash' });
    expect(second.status).toBe(201);
    expect(Number(second.body.data.number.slice(4))).toBe(Number(first.body.data.number.slice(4)) + 1);
    expect(second.body.data).toMatchObject({ order_amount_outstanding: 0, order_payment_state: 'paid' });

    const detail = await t.call('GET', `/order/${o.id}`, { token: m.token });
    expect(detail.body.data).toMatchObject({
      amount_received: 100_000,
      amount_outstanding: 0,
      payment_state: 'paid',
    });
    expect(detail.body.data.payments.map((p: any) => p.amount)).toEqual([40_000, 60_000]);

    const [audit] = await auditsOf(t, 'payment_received.recorded', { entityId: first.body.data.id });
    expect(audit?.store_id).toBe(m.storeId);
  });

  it('refuses more than the outstanding amount with 422 naming it', async () => {
    const o = await unpaidOrder(50_000);
    const res = await pay({ order_id: o.id, amount: 50_001 });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(
      `The amount (NGN 500.01) is more than the NGN 500.00 outstanding on order ${o.number}.`,
    );
    expect(res.body.error.fields).toEqual({ amount: 'At most NGN 500.00' });
    expect((await pay({ order_id: o.id, amount: 50_000 })).status).toBe(201);
    const paid = await pay({ order_id: o.id, amount: 1 });
    expect(paid.status).toBe(422);
    expect(paid.body.message).toBe(`Order ${o.number} is already paid in full.`);
  });

  it('lets only one of two payments through when together they pass the total', async () => {
    const o = await unpaidOrder(100_000);
    const results = await Promise.all([
      pay({ order_id: o.id, amount: 70_000 }),
      pay({ order_id: o.id, amount: 70_000 }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
    const detail = await t.call('GET', `/order/${o.id}`, { token: m.token });
    expect(detail.body.data.amount_received).toBe(70_000);
  });

  it('records a repeated Idempotency-Key once, and refuses the key for another body', async () => {
    const o = await unpaidOrder(100_000);
    const headers = { 'idempotency-key': `pay-${o.id}` };
    const a = await pay({ order_id: o.id, amount: 10_000 }, m, headers);
    const b = await pay({ order_id: o.id, amount: 10_000 }, m, headers);
    expect(b.status).toBe(201);
    expect(b.body.data).toEqual(a.body.data);
    expect(b.body.message).toBe('Payment recorded (repeated request)');
    const c = await pay({ order_id: o.id, amount: 20_000 }, m, headers);
    expect(c.status).toBe(409);
    const detail = await t.call('GET', `/order/${o.id}`, { token: m.token });
    expect(detail.body.data.amount_received).toBe(10_000);
  });

  it('checks the customer named with the payment', async () => {
    const buyer = await createCustomer(t, m);
    const someoneElse = await createCustomer(t, m);
    const o = await unpaidOrder(10_000, buyer.id);
    const wrong = await pay({ order_id: o.id, amount: 1_000, customer_id: someoneElse.id });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.fields).toEqual({ customer_id: 'This order belongs to another customer' });
    const right = await pay({ order_id: o.id, amount: 1_000, customer_id: buyer.id });
    expect(right.status).toBe(201);
    expect(right.body.data).toMatchObject({ customer_id: buyer.id, customer_name: 'Amaka Nwosu' });
  });

  it('validates the body', async () => {
    const res = await t.call('POST', '/payment_received/add_payment', {
      token: m.token,
      body: { amount: 0, payment_mode: 'barter' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toMatchObject({
      order_id: 'Order is required',
      amount: 'Amount must be more than 0',
      payment_mode: 'Payment mode must be one of cash, bank_transfer, card, cheque, wallet, other',
    });
    const o = await unpaidOrder();
    const future = await pay({ order_id: o.id, amount: 100, payment_date: '2099-01-01' });
    expect(future.status).toBe(422);
    expect(future.body.error.fields).toEqual({ payment_date: 'Cannot be in the future' });
  });

  it("answers 404 for another store's order and records nothing", async () => {
    const o = await unpaidOrder();
    const res = await pay({ order_id: o.id, amount: 100 }, other);
    expect(res.status).toBe(404);
    expect(res.body.error.fields).toEqual({ order_id: 'There is no such order in this store' });
    expect((await t.call('GET', `/order/${o.id}`, { token: m.token })).body.data.amount_received).toBe(0);
  });

  it('lets a cashier record payments, and refuses a role without payments.record', async () => {
    const o = await unpaidOrder(10_000);
    expect((await pay({ order_id: o.id, amount: 5_000 }, cashier)).status).toBe(201);
    const viewer = await createMemberWith(t, m, ['orders.view']);
    const res = await pay({ order_id: o.id, amount: 5_000 }, viewer);
    expect(res.status).toBe(403);
    expect(res.body.message).toContain('Record payments received');
    expect((await t.call('GET', '/payment_received', { token: viewer.token })).status).toBe(200);
  });
});

describe('reading payments received', () => {
  let shop: Merchant;
  let ada: Awaited<ReturnType<typeof createCustomer>>;

  beforeAll(async () => {
    shop = await createMerchant(t);
    ada = await createCustomer(t, shop, { first_name: 'Ada', last_name: 'Obi' });
    const p = await createProduct(t, shop, { price: 100_000 });
    const a = await order(t, shop, { items: [{ product_id: p.id, quantity: 1 }], customer_id: ada.id });
    const b = await order(t, shop, { items: [{ product_id: p.id, quantity: 1 }] });
    await pay(
      { order_id: a.body.data.id, amount: 10_000, payment_mode: 'cash', payment_date: '2026-01-05' },
      shop,
    );
    await pay(
      { order_id: a.body.data.id, amount: 20_000, payment_mode: 'card', payment_date: '2026-02-10' },
      shop,
    );
    await pay(
      {
        order_id: b.body.data.id,
        amount: 30_000,
        payment_mode: 'cash',
        payment_date: '2026-03-15',
        reference: 'Teller 5581%',
      },
      shop,
    );
    // Paid at the till with the sale:
    await order(t, shop, {
      items: [{ product_id: p.id, quantity: 1 }],
      channel: 'pos',
      amount_received: 100_000,
    });
  });

  const list = (query: Record<string, string | number>) =>
    t.call('GET', '/payment_received/', { token: shop.token, query: { storeId: shop.storeId, ...query } });

  it('lists payments newest first, paginated, including those taken with the sale', async () => {
    const res = await list({});
    expect(res.status).toBe(200);
    expect(res.body.pagination).toMatchObject({ page: 1, perPage: 10, total: 4 });
    expect(res.body.data.map((p: any) => [p.amount, p.source])).toEqual([
      [100_000, 'order'],
      [30_000, 'payment'],
      [20_000, 'payment'],
      [10_000, 'payment'],
    ]);
    expect(res.body.data.map((p: any) => p.number)).toEqual([
      'PAY-000004',
      'PAY-000003',
      'PAY-000002',
      'PAY-000001',
    ]);
  });

  it('filters by customer, mode and date range', async () => {
    const amounts = async (q: Record<string, string>) => (await list(q)).body.data.map((p: any) => p.amount);
    expect(await amounts({ customerId: ada.id })).toEqual([20_000, 10_000]);
    expect(await amounts({ mode: 'cash' })).toEqual([100_000, 30_000, 10_000]);
    expect(await amounts({ mode: 'card' })).toEqual([20_000]);
    expect(await amounts({ from: '2026-02-01', to: '2026-03-15' })).toEqual([30_000, 20_000]);
    expect(await amounts({ to: '2026-01-05' })).toEqual([10_000]);
    const bad = await list({ mode: 'barter' });
    expect(bad.status).toBe(400);
  });

  it('searches by payment number, order number, customer name and reference', async () => {
    const amounts = async (search: string) => (await list({ search })).body.data.map((p: any) => p.amount);
    expect(await amounts('PAY-000002')).toEqual([20_000]);
    expect(await amounts('ada')).toEqual([20_000, 10_000]);
    expect(await amounts('OBI')).toEqual([20_000, 10_000]);
    expect(await amounts('teller 5581')).toEqual([30_000]);
    // LIKE's wildcards are matched as typed.
    expect(await amounts('5581%')).toEqual([30_000]);
    expect(await amounts('%')).toEqual([30_000]);
    const orderNumber = (await list({ search: 'PAY-000001' })).body.data[0].order_number;
    expect(await amounts(orderNumber)).toEqual([20_000, 10_000]);
    expect(await amounts('nobody-by-this-name')).toEqual([]);
    const searched = await list({ search: 'ada', mode: 'card' });
    expect(searched.body.data.map((p: any) => p.amount)).toEqual([20_000]);
    expect(searched.body.pagination).toMatchObject({ total: 1 });
    // Another store's payments never match.
    const elsewhere = await t.call('GET', '/payment_received', { token: m.token, query: { search: 'ada' } });
    expect(elsewhere.body.data.map((p: any) => p.customer_name)).not.toContain('Ada Obi');
    const tooLong = await list({ search: 'x'.repeat(101) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.fields).toEqual({ search: 'Search must be at most 100 characters' });
  });

  it("gets one payment, and 404 for another store's", async () => {
    const first = (await list({ perPage: 1 })).body.data[0];
    const res = await t.call('GET', `/payment_received/${first.id}`, {
      token: shop.token,
      query: { storeId: shop.storeId },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(first);
    expect((await t.call('GET', `/payment_received/${first.id}`, { token: m.token })).status).toBe(404);
    expect(
      (await t.call('GET', '/payment_received', { token: m.token })).body.data.map((p: any) => p.id),
    ).not.toContain(first.id);
  });
});
