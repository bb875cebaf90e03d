import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockTo, createMerchant, type Merchant } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createMemberWith, createProduct, order } from '../../test/sales-fixtures.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Stores are set up in Lagos (UTC+1, no summer time). */
const lagosDate = (ms: number) => new Date(ms + HOUR).toISOString().slice(0, 10);
const lagos = (date: string, hh: number, mm = 0) =>
  Date.parse(`${date}T00:00:00Z`) - HOUR + hh * HOUR + mm * 60_000;

let t: TestApp;
let m: Merchant;
let other: Merchant;

beforeAll(async () => {
  t = await createTestApp();
  m = await createMerchant(t);
  other = await createMerchant(t);
});
afterAll(async () => t.close());

const takings = (who: Merchant = m) => t.call('GET', '/dashBoard/today-takings', { token: who.token });

async function paidSale(productId: string, quantity: number, paymentType: string) {
  const res = await order(t, m, {
    items: [{ product_id: productId, quantity }],
    channel: 'pos',
    payment_type: paymentType,
    amount_received: quantity * 10_000,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

describe("today's takings by payment type", () => {
  it("adds up the payments dated today in the store's day, by type, largest first", async () => {
    const today = lagosDate(t.clock.now().getTime());
    const yesterday = lagosDate(t.clock.now().getTime() - DAY);
    const p = await createProduct(t, m, { price: 10_000, quantity: 100 });

    // 23:50 yesterday in Lagos (22:50 UTC): yesterday's takings, not today's.
    await clockTo(t, lagos(yesterday, 23, 50), [m, other]);
    await paidSale(p.id, 1, 'cash');
    const credit = await order(t, m, {
      items: [{ product_id: p.id, quantity: 3 }],
      payment_type: 'bank_transfer',
    });
    expect(credit.status).toBe(201);

    // 00:10 today in Lagos (23:10 UTC, still yesterday in UTC): today's.
    await clockTo(t, lagos(today, 0, 10), [m, other]);
    await paidSale(p.id, 2, 'cash');
    await paidSale(p.id, 1, 'cash');
    await paidSale(p.id, 1, 'card');
    // Yesterday's credit sale paid today is taken today.
    const paid = await t.call('POST', '/payment_received/add_payment', {
      token: m.token,
      body: { order_id: credit.body.data.id, amount: 20_000, payment_mode: 'bank_transfer' },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);

    const res = await takings();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({
      date: today,
      total: 60_000,
      by_type: [
        { payment_type: 'cash', amount: 30_000, count: 2 },
        { payment_type: 'bank_transfer', amount: 20_000, count: 1 },
        { payment_type: 'card', amount: 10_000, count: 1 },
      ],
      currency: 'NGN',
    });

    // Another store's takings are its own: none.
    expect((await takings(other)).body.data).toMatchObject({ total: 0, by_type: [] });
  });

  it('is refused without reports.view', async () => {
    const clerk = await createMemberWith(t, m, ['orders.view']);
    expect((await takings(clerk)).status).toBe(403);
  });
});
