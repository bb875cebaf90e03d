import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditsOf, clockTo, createMerchant, createStaff, type Merchant } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createProduct, order } from '../../test/sales-fixtures.js';

/** The phone till's grid (issue 31, decision 0056): pinned favourites and top sellers. */

let t: TestApp;
let m: Merchant;
let other: Merchant;

beforeAll(async () => {
  t = await createTestApp();
  m = await createMerchant(t);
  other = await createMerchant(t);
});
afterAll(async () => t.close());

type Ids = { data: { product_ids: string[]; days?: number } };
const favourites = async (who: Merchant) => {
  const res = await t.call<Ids>('GET', '/till/favourites', { token: who.token });
  expect(res.status).toBe(200);
  return res.body.data.product_ids;
};
const pin = (who: Merchant, id: string, pinned: unknown) =>
  t.call<Ids>('PUT', `/till/favourites/${id}`, { token: who.token, body: { pinned } });
const fieldsOf = (res: { body: unknown }) =>
  (res.body as { error: { fields: Record<string, string> } }).error.fields;

describe('/till/favourites', () => {
  it('pins in order, unpins, keeps the offline settings, and audits each change', async () => {
    expect(await favourites(m)).toEqual([]);
    const a = await createProduct(t, m, { name: 'Coke 50cl' });
    const b = await createProduct(t, m, { name: 'Gala sausage roll' });

    const first = await pin(m, b.id, true);
    expect(first.status).toBe(200);
    expect(first.body.data.product_ids).toEqual([b.id]);
    expect((await pin(m, a.id, true)).body.data.product_ids).toEqual([b.id, a.id]);
    // Pinning twice changes nothing.
    expect((await pin(m, a.id, true)).body.data.product_ids).toEqual([b.id, a.id]);
    expect(await favourites(m)).toEqual([b.id, a.id]);

    // The store's offline rules were made with their defaults and are still read as such.
    const settings = await t.call('GET', '/till/settings', { token: m.token });
    expect(settings.body.data).toEqual({
      offline_max_hours: 24,
      offline_max_sales: 200,
      offline_stock_rule: 'allow_negative',
      shift_required: false,
    });
    // Saving the offline rules leaves the favourites alone.
    const saved = await t.call('PUT', '/till/settings', {
      token: m.token,
      body: { offline_max_hours: 12, offline_max_sales: 50, offline_stock_rule: 'allow_negative' },
    });
    expect(saved.status).toBe(200);
    expect(await favourites(m)).toEqual([b.id, a.id]);

    expect((await pin(m, b.id, false)).body.data.product_ids).toEqual([a.id]);
    expect(await favourites(m)).toEqual([a.id]);
    const audits = await auditsOf(t, 'till.favourite_pinned', { storeId: m.storeId });
    expect(audits.map((x) => x.entity_id)).toEqual([b.id, a.id]);
    expect(
      (await auditsOf(t, 'till.favourite_unpinned', { storeId: m.storeId })).map((x) => x.entity_id),
    ).toEqual([b.id]);
  });

  it('drops a deleted product from the list', async () => {
    const gone = await createProduct(t, other, { name: 'Old biscuit' });
    expect((await pin(other, gone.id, true)).status).toBe(200);
    expect((await t.call('DELETE', `/product/${gone.id}`, { token: other.token })).status).toBe(200);
    expect(await favourites(other)).toEqual([]);
  });

  it("404 for another store's product or an unknown id; 400 naming `pinned`", async () => {
    const theirs = await createProduct(t, other, { name: 'Their bread' });
    const cross = await pin(m, theirs.id, true);
    expect(cross.status).toBe(404);
    expect(await favourites(m)).not.toContain(theirs.id);
    expect(await favourites(other)).not.toContain(theirs.id);
    expect((await pin(m, 'no-such-product', true)).status).toBe(404);

    const mine = await createProduct(t, m);
    const bad = await pin(m, mine.id, 'yes');
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad).pinned).toBe('Pinned must be true or false');
    const missing = await t.call('PUT', `/till/favourites/${mine.id}`, { token: m.token, body: {} });
    expect(missing.status).toBe(400);
    expect(fieldsOf(missing).pinned).toBe('Pinned must be true or false');
  });

  it('422 past 24 pinned products', async () => {
    const owner = await createMerchant(t);
    for (let i = 0; i < 24; i += 1) {
      const p = await createProduct(t, owner, { name: `Pinned ${i}` });
      expect((await pin(owner, p.id, true)).status).toBe(200);
    }
    const extra = await createProduct(t, owner, { name: 'One too many' });
    const res = await pin(owner, extra.id, true);
    expect(res.status).toBe(422);
    expect(fieldsOf(res).pinned).toContain('At most 24');
    expect(await favourites(owner)).toHaveLength(24);
  });

  it('30 pins at once in a store with no till settings yet: 24 kept, 6 refused, none lost', async () => {
    const owner = await createMerchant(t);
    const products = [];
    for (let i = 0; i < 30; i += 1) products.push(await createProduct(t, owner, { name: `Rush ${i}` }));
    const answers = await Promise.all(products.map((p) => pin(owner, p.id, true)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(24);
    expect(statuses.filter((s) => s === 422)).toHaveLength(6);
    const kept = await favourites(owner);
    expect(kept).toHaveLength(24);
    expect(new Set(kept).size).toBe(24);
    // Every pin answered 200 is in the list: no write overwrote another's.
    const accepted = products.filter((_, i) => answers[i]!.status === 200).map((p) => p.id);
    expect([...kept].sort()).toEqual([...accepted].sort());
  });

  it('a cashier may read the pins but not change them; 401 without a session', async () => {
    const p = await createProduct(t, m, { name: 'Cashier view' });
    const cashier = await createStaff(t, m, 'cashier');
    expect((await t.call('GET', '/till/favourites', { token: cashier.token })).status).toBe(200);
    expect((await pin(cashier, p.id, true)).status).toBe(403);
    const manager = await createStaff(t, m, 'manager');
    expect((await pin(manager, p.id, true)).status).toBe(200);
    expect((await t.call('GET', '/till/favourites', {})).status).toBe(401);
  });
});

describe('GET /till/top-sellers', () => {
  it('a cashier may read it', async () => {
    const cashier = await createStaff(t, m, 'cashier');
    expect((await t.call('GET', '/till/top-sellers', { token: cashier.token })).status).toBe(200);
  });

  it('ranks the last 30 days by units sold, ties by id, only the store itself', async () => {
    const owner = await createMerchant(t);
    const few = await createProduct(t, owner, { name: 'Few' });
    const many = await createProduct(t, owner, { name: 'Many' });
    await createProduct(t, owner, { name: 'Never sold' });
    const theirs = await createProduct(t, other, { name: 'Other store hit' });
    for (const [who, p, quantity] of [
      [owner, few, 1],
      [owner, many, 5],
      [other, theirs, 9],
    ] as const) {
      // Paid in full: a completed sale is what the figures count.
      const sold = await order(t, who, {
        items: [{ product_id: p.id, quantity }],
        channel: 'pos',
        amount_received: 10_000_000,
      });
      expect(sold.status).toBe(201);
    }
    const res = await t.call<Ids>('GET', '/till/top-sellers', { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ product_ids: [many.id, few.id], days: 30 });

    // Past 30 days the sales are no longer counted (the last test of this file: the clock moves on).
    await clockTo(t, t.clock.now().getTime() + 31 * 86_400_000, [owner]);
    const later = await t.call<Ids>('GET', '/till/top-sellers', { token: owner.token });
    expect(later.body.data.product_ids).toEqual([]);
  });
});
