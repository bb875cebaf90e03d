import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, createStaff, type Merchant, auditsOf } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createCustomer, createProduct, order } from '../../test/sales-fixtures.js';
import { STOCK_STAMP_MS } from '../products/products.public.js';

let t: TestApp;
let m: Merchant;

beforeAll(async () => {
  t = await createTestApp();
  m = await createMerchant(t);
});
afterAll(async () => t.close());

type Changes = {
  cursor: string;
  more: boolean;
  full: boolean;
  products: Array<{ id: string; name: string; price: number; quantity: number; status: string }>;
  removed_product_ids: string[];
  customers: Array<{ id: string }>;
  discounts: Array<{ code: string }>;
  tax_rules: Array<{ country: string }>;
  shipping_rates: Array<{ name: string }>;
  settings: { offline_max_hours: number; offline_max_sales: number; offline_stock_rule: string };
};

const changes = async (who: Merchant, since?: string) => {
  const res = await t.call<{ data: Changes }>('GET', '/till/changes', {
    token: who.token,
    query: since ? { since } : {},
  });
  expect(res.status).toBe(200);
  return res.body.data;
};

describe('GET /till/changes', () => {
  it('sends the whole catalogue first, then only what changed, deletions as tombstones', async () => {
    const kept = await createProduct(t, m, { name: 'Peak Milk Tin', price: 90_000, quantity: 12 });
    const gone = await createProduct(t, m, { name: 'Old Stock Biscuit', price: 10_000, quantity: 1 });
    const customer = await createCustomer(t, m);
    await t.call('POST', '/discounts', {
      token: m.token,
      body: { name: 'Ten off', code: 'TENOFF', type: 'percentage', value: 10 },
    });
    await t.call('POST', '/tax', {
      token: m.token,
      body: { country: 'Nigeria', states: ['*'], rates: [{ name: 'VAT', rate: 7.5 }] },
    });

    const first = await changes(m);
    expect(first.full).toBe(true);
    expect(first.more).toBe(false);
    expect(first.products.map((p) => p.id)).toEqual(expect.arrayContaining([kept.id, gone.id]));
    expect(first.customers.map((c) => c.id)).toContain(customer.id);
    expect(first.discounts.map((d) => d.code)).toEqual(['TENOFF']);
    expect(first.tax_rules.map((r) => r.country)).toEqual(['Nigeria']);
    expect(first.settings).toEqual({
      offline_max_hours: 24,
      offline_max_sales: 200,
      offline_stock_rule: 'allow_negative',
      shift_required: false,
    });

    // Past the overlap window nothing old comes back; a change and a deletion do.
    t.clock.advance(60_000);
    const quiet = await changes(m, first.cursor);
    t.clock.advance(60_000);
    const again = await changes(m, quiet.cursor);
    expect(again.full).toBe(false);
    expect(again.products).toEqual([]);
    expect(again.customers).toEqual([]);

    t.clock.advance(1_000);
    const updated = await t.call('PUT', `/product/${kept.id}`, { token: m.token, body: { price: 95_000 } });
    expect(updated.status).toBe(200);
    const removed = await t.call('DELETE', `/product/${gone.id}`, { token: m.token });
    expect(removed.status).toBe(200);
    const next = await changes(m, again.cursor);
    expect(next.products.map((p) => [p.id, p.price])).toEqual([[kept.id, 95_000]]);
    expect(next.removed_product_ids).toEqual([gone.id]);
  });

  it("sends a sale's stock change, also when the product's change stamp did not move", async () => {
    const other = await createMerchant(t);
    const p = await createProduct(t, other, { name: 'Stamped Tin', price: 50_000, quantity: 20 });
    const quantityIn = (c: Changes) => c.products.find((x) => x.id === p.id)?.quantity;
    const sell = async (quantity: number) => {
      const res = await order(t, other, {
        items: [{ product_id: p.id, quantity }],
        channel: 'pos',
        amount_received: 10_000_000,
      });
      expect(res.status).toBe(201);
    };
    const first = await changes(other);
    expect(quantityIn(first)).toBe(20);
    // Sold within STOCK_STAMP_MS of the product's last change: its stamp stays, and the till's
    // next reading still brings the new quantity (it reads the last 30 s again).
    t.clock.advance(STOCK_STAMP_MS / 2);
    await sell(2);
    const second = await changes(other, first.cursor);
    expect(quantityIn(second)).toBe(18);
    t.clock.advance(STOCK_STAMP_MS / 4);
    await sell(3);
    const third = await changes(other, second.cursor);
    expect(quantityIn(third)).toBe(15);
    // Long after: nothing comes back until the next sale, which moves the stamp.
    t.clock.advance(60_000);
    const quiet = await changes(other, third.cursor);
    t.clock.advance(60_000);
    const still = await changes(other, quiet.cursor);
    expect(quantityIn(still)).toBeUndefined();
    await sell(1);
    expect(quantityIn(await changes(other, still.cursor))).toBe(14);
  });

  it('pages a large catalogue with `more` and the cursor', async () => {
    const other = await createMerchant(t);
    for (let i = 0; i < 3; i++) await createProduct(t, other, { name: `Paged ${i}` });
    const first = await changes(other);
    expect(first.products).toHaveLength(3);
    expect(first.more).toBe(false);
  });

  it('shows one store only: another store sees none of these products', async () => {
    const other = await createMerchant(t);
    const mine = await createProduct(t, m, { name: 'Mine Only' });
    const theirs = await changes(other);
    expect(theirs.products.map((p) => p.id)).not.toContain(mine.id);
  });

  it('refuses a cursor it did not give with 400 naming `since`', async () => {
    const res = await t.call('GET', '/till/changes', {
      token: m.token,
      query: { since: 'bm90LWEtY3Vyc29y' },
    });
    expect(res.status).toBe(400);
    expect((res.body as { error: { fields: Record<string, string> } }).error.fields.since).toBeTruthy();
  });

  it('needs orders.create (a cashier may; 401 without a session)', async () => {
    const cashier = await createStaff(t, m, 'cashier');
    expect((await t.call('GET', '/till/changes', { token: cashier.token })).status).toBe(200);
    expect((await t.call('GET', '/till/changes', {})).status).toBe(401);
  });
});

describe('/till/settings', () => {
  it('saves the offline rules, audited; a cashier may read but not change them', async () => {
    const body = { offline_max_hours: 12, offline_max_sales: 50, offline_stock_rule: 'hold_for_review' };
    const saved = await t.call('PUT', '/till/settings', { token: m.token, body });
    expect(saved.status).toBe(200);
    // Left out, the shift rule stays as it was (off by default).
    expect((saved.body as { data: unknown }).data).toEqual({ ...body, shift_required: false });
    const read = await t.call('GET', '/till/settings', { token: m.token });
    expect((read.body as { data: unknown }).data).toEqual({ ...body, shift_required: false });
    const [audit] = await auditsOf(t, 'till.settings_updated', { storeId: m.storeId });
    expect(audit?.summary).toContain('hold_for_review');

    const cashier = await createStaff(t, m, 'cashier');
    expect((await t.call('GET', '/till/settings', { token: cashier.token })).status).toBe(200);
    const refused = await t.call('PUT', '/till/settings', { token: cashier.token, body });
    expect(refused.status).toBe(403);
    // Back to the defaults for the other tests of this file.
    await t.call('PUT', '/till/settings', {
      token: m.token,
      body: { offline_max_hours: 24, offline_max_sales: 200, offline_stock_rule: 'allow_negative' },
    });
  });

  it('names the field of a bad value', async () => {
    const res = await t.call('PUT', '/till/settings', {
      token: m.token,
      body: { offline_max_hours: 0, offline_max_sales: 5, offline_stock_rule: 'maybe' },
    });
    expect(res.status).toBe(400);
    const fields = (res.body as { error: { fields: Record<string, string> } }).error.fields;
    expect(fields.offline_max_hours).toBe('Hours must be a whole number from 1 to 72');
    expect(fields.offline_stock_rule).toContain('Stock rule must be one of');
  });
});

describe("the till's copy of a customer's account (decision 0065)", () => {
  it('carries the credit limit and what the customer owes, so an offline credit sale is held to them', async () => {
    const store = await createMerchant(t);
    const rice = await createProduct(t, store, { name: 'Rice 5kg', price: 700_000, quantity: 10 });
    const customer = await createCustomer(t, store);
    const limit = await t.call('PUT', `/customers/${customer.id}/credit_limit`, {
      token: store.token,
      body: { credit_limit: 2_000_000 },
    });
    expect(limit.status).toBe(200);
    const sold = await order(t, store, {
      items: [{ product_id: rice.id, quantity: 1 }],
      payment_type: 'credit',
      customer_id: customer.id,
      amount_received: 200_000,
    });
    expect(sold.status).toBe(201);
    const copy = (await changes(store)).customers.find((c) => c.id === customer.id);
    expect(copy).toMatchObject({ credit_limit: 2_000_000, account_balance: 500_000 });
  });
});
