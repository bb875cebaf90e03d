import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type Merchant, auditOf } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  createMemberWith,
  createProduct,
  ledgerSum,
  stockOf,
  order,
  sendOfflineSale,
} from '../../test/sales-fixtures.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type OrderAnswer = {
  id: string;
  number: string;
  status: string;
  offline_state: string | null;
  offline_issues: Array<{ kind: string }>;
};

let counter = 0;

/** A shop whose rule holds short offline sales, and one such sale of a product another till sold out. */
async function heldSale(rule: 'hold_for_review' | 'allow_negative' = 'hold_for_review') {
  const shop = await createMerchant(t);
  await t.call('PUT', '/till/settings', {
    token: shop.token,
    body: { offline_max_hours: 24, offline_max_sales: 200, offline_stock_rule: 'hold_for_review' },
  });
  const p = await createProduct(t, shop, { price: 20_000, quantity: 1 });
  const online = await order(t, shop, { items: [{ product_id: p.id, quantity: 1 }], channel: 'pos' });
  expect(online.status).toBe(201);
  const n = ++counter;
  const sale = await sendOfflineSale<{ data: OrderAnswer }>(
    t,
    shop,
    [{ product_id: p.id, quantity: 1, unit_price: 20_000 }],
    { key: `decision-${n}`, number: `OFF-DECIDE-${n}` },
  );
  expect(sale.status).toBe(201);
  expect(sale.body.data.offline_state).toBe('needs_review');
  expect(sale.body.data.status).toBe('pending');
  if (rule === 'allow_negative') {
    await t.call('PUT', '/till/settings', {
      token: shop.token,
      body: { offline_max_hours: 24, offline_max_sales: 200, offline_stock_rule: 'allow_negative' },
    });
  }
  return { shop, product: p, order: sale.body.data };
}

const decide = (who: Merchant, id: string, decision: string) =>
  t.call<{ data: OrderAnswer; message: string }>('POST', `/order/${id}/offline-decision`, {
    token: who.token,
    body: { decision },
  });

describe('deciding an offline sale (decision 0036)', () => {
  it('accept, with the rule "allow below zero" now: the held stock is taken and the sale completes', async () => {
    const { shop, product, order } = await heldSale('allow_negative');
    const res = await decide(shop, order.id, 'accept');
    expect(res.status).toBe(200);
    expect(res.body.data.offline_state).toBe('resolved');
    expect(res.body.data.status).toBe('success');
    expect(await stockOf(t, product.id)).toBe(-1);
    expect(await ledgerSum(t, product.id)).toBe(-1);
    const audit = await auditOf(t, 'order.offline_accepted', { entityId: order.id });
    expect(audit.summary).toContain('held stock taken');
    const list = await t.call<{ data: OrderAnswer[] }>('GET', '/order', { token: shop.token });
    expect(list.body.data.find((o) => o.id === order.id)?.offline_state).toBe('resolved');
  });

  it('accept under "hold" with the stock still short: 409 naming the product, nothing changed', async () => {
    const { shop, product, order } = await heldSale();
    const res = await decide(shop, order.id, 'accept');
    expect(res.status).toBe(409);
    expect(res.body.message).toContain(product.name);
    expect(await stockOf(t, product.id)).toBe(0);
    const again = await t.call<{ data: OrderAnswer }>('GET', `/order/${order.id}`, { token: shop.token });
    expect(again.body.data.offline_state).toBe('needs_review');
    // Restocked, the same decision goes through.
    const restock = await t.call('POST', `/product/${product.id}/adjust-stock`, {
      token: shop.token,
      body: { quantity_change: 3, reason: 'count' },
    });
    expect(restock.status).toBeLessThan(300);
    const accepted = await decide(shop, order.id, 'accept');
    expect(accepted.status).toBe(200);
    expect(await stockOf(t, product.id)).toBe(2);
  });

  it('cancel: the order is cancelled, no stock comes back that was never taken, and a second decision is 409', async () => {
    const { shop, product, order } = await heldSale();
    const res = await decide(shop, order.id, 'cancel');
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('cancelled');
    expect(res.body.data.offline_state).toBe('resolved');
    expect(await stockOf(t, product.id)).toBe(0);
    expect(await ledgerSum(t, product.id)).toBe(0);

    const twice = await decide(shop, order.id, 'accept');
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(
      `Order ${order.number}'s offline sale has already been decided. Reload it to see what was done.`,
    );
    expect(await stockOf(t, product.id)).toBe(0);
  });

  it("another store's order is 404, bad decision 400, an online order 409, and 403 without the permission", async () => {
    const { shop, order } = await heldSale();
    const other = await createMerchant(t);
    expect((await decide(other, order.id, 'accept')).status).toBe(404);
    const bad = await decide(shop, order.id, 'maybe');
    expect(bad.status).toBe(400);
    const p = await createProduct(t, shop, { price: 1_000, quantity: 5 });
    const online = await t.call<{ data: OrderAnswer }>('POST', '/order', {
      token: shop.token,
      body: { items: [{ product_id: p.id, quantity: 1 }], payment_type: 'cash', channel: 'pos' },
    });
    const notOffline = await decide(shop, online.body.data.id, 'cancel');
    expect(notOffline.status).toBe(409);
    expect(notOffline.body.message).toContain('does not wait for a decision');
    const viewer = await createMemberWith(t, shop, ['orders.view']);
    expect((await decide(viewer, order.id, 'cancel')).status).toBe(403);
    const after = await t.call<{ data: OrderAnswer }>('GET', `/order/${order.id}`, { token: shop.token });
    expect(after.body.data.offline_state).toBe('needs_review');
  });

  it('a paid till sale held for its price is complete: cancel is refused, accept resolves it without taking stock again', async () => {
    const shop = await createMerchant(t);
    const p = await createProduct(t, shop, { price: 40_000, quantity: 5 });
    const n = ++counter;
    const sale = await sendOfflineSale<{ data: OrderAnswer }>(
      t,
      shop,
      [{ product_id: p.id, quantity: 1, unit_price: 30_000 }],
      { key: `decision-price-${n}`, number: `OFF-DECIDE-${n}` },
    );
    expect(sale.body.data.offline_state).toBe('needs_review');
    expect(sale.body.data.status).toBe('success');
    expect(await stockOf(t, p.id)).toBe(4);

    const cancel = await decide(shop, sale.body.data.id, 'cancel');
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toContain('Accept the sale, then refund it');
    const accept = await decide(shop, sale.body.data.id, 'accept');
    expect(accept.status).toBe(200);
    expect(accept.body.data.status).toBe('success');
    expect(accept.body.data.offline_state).toBe('resolved');
    expect(await stockOf(t, p.id)).toBe(4);
    expect(await ledgerSum(t, p.id)).toBe(4);
  });
});
