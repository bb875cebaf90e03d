import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, createStaff, type Merchant } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createProduct, ledgerSum, stockOf, sendOfflineSale } from '../../test/sales-fixtures.js';

let t: TestApp;
let m: Merchant;

beforeAll(async () => {
  t = await createTestApp();
  m = await createMerchant(t);
});
afterAll(async () => t.close());

type OrderAnswer = {
  id: string;
  number: string;
  status: string;
  total: number;
  offline_number: string | null;
  offline_state: string | null;
  offline_sold_at: string | null;
  offline_issues: Array<{ kind: string; product_id: string | null; message: string }>;
  items: Array<{ unit_price: number }>;
};

let counter = 0;
const offlineNumber = () => `OFF-TEST01-${++counter}`;

/** A sale as the till sends it after being offline, numbered from this file's till unless `over` says. */
const sendOffline = (
  who: Merchant,
  items: Array<{ product_id: string; quantity: number; unit_price: number }>,
  over: Omit<Parameters<typeof sendOfflineSale>[3], 'number'> & { number?: string } = {},
) =>
  sendOfflineSale<{ data: OrderAnswer }>(t, who, items, { ...over, number: over.number ?? offlineNumber() });

describe('offline sales (decision 0036)', () => {
  it('records a sale priced offline at current prices once, keeping the device number beside ORD-', async () => {
    const p = await createProduct(t, m, { price: 50_000, quantity: 10 });
    const number = offlineNumber();
    const soldAt = t.clock.now().toISOString();
    const first = await sendOffline(m, [{ product_id: p.id, quantity: 2, unit_price: 50_000 }], {
      key: 'replay-1',
      number,
      sold_at: soldAt,
    });
    expect(first.status).toBe(201);
    expect(first.body.data.number).toMatch(/^ORD-/);
    expect(first.body.data.offline_number).toBe(number);
    expect(first.body.data.offline_state).toBe('accepted');
    expect(first.body.data.offline_issues).toEqual([]);
    expect(first.body.data.status).toBe('success');
    // The same sale again (a lost answer, a second tab): the first answer, nothing taken twice.
    const again = await sendOffline(m, [{ product_id: p.id, quantity: 2, unit_price: 50_000 }], {
      key: 'replay-1',
      number,
      sold_at: soldAt,
    });
    expect(again.status).toBe(201);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(await stockOf(t, p.id)).toBe(8);
    expect(await ledgerSum(t, p.id)).toBe(8);
  });

  it('refuses a malformed device number with 400 naming the field', async () => {
    const p = await createProduct(t, m, { price: 1_000 });
    const res = await sendOffline(m, [{ product_id: p.id, quantity: 1, unit_price: 1_000 }], {
      number: 'ORD-1',
    });
    expect(res.status).toBe(400);
    expect(
      (res.body as unknown as { error: { fields: Record<string, string> } }).error.fields['offline.number'],
    ).toBe('Offline number must look like OFF-7K3Q9X-12');
  });

  it('takes the till price when it was current at its last update, and records the change', async () => {
    const p = await createProduct(t, m, { price: 40_000, quantity: 5 });
    const copyAt = t.clock.now().toISOString();
    t.clock.advance(60_000);
    expect(
      (await t.call('PUT', `/product/${p.id}`, { token: m.token, body: { price: 45_000 } })).status,
    ).toBe(200);
    t.clock.advance(60_000);
    const res = await sendOffline(m, [{ product_id: p.id, quantity: 1, unit_price: 40_000 }], {
      catalogue_at: copyAt,
    });
    expect(res.status).toBe(201);
    expect(res.body.data.total).toBe(40_000);
    expect(res.body.data.items[0]!.unit_price).toBe(40_000);
    expect(res.body.data.offline_state).toBe('accepted');
    expect(res.body.data.offline_issues.map((i) => i.kind)).toEqual(['price_changed']);
  });

  it('holds for a decision a price that was not current when the till last updated', async () => {
    const p = await createProduct(t, m, { price: 40_000, quantity: 5 });
    const res = await sendOffline(m, [{ product_id: p.id, quantity: 1, unit_price: 30_000 }]);
    expect(res.status).toBe(201);
    expect(res.body.data.total).toBe(30_000);
    expect(res.body.data.offline_state).toBe('needs_review');
    expect(res.body.data.offline_issues[0]).toMatchObject({ kind: 'price_not_current', product_id: p.id });
  });

  it('stock sold meanwhile, rule "accept": taken below zero, flagged, audited, ledger still adds up', async () => {
    const p = await createProduct(t, m, { name: 'Last Tin of Milo', price: 20_000, quantity: 1 });
    // Another till sells the last one first.
    const online = await t.call('POST', '/order', {
      token: m.token,
      body: { items: [{ product_id: p.id, quantity: 1 }], payment_type: 'cash', channel: 'pos' },
    });
    expect(online.status).toBe(201);
    const res = await sendOffline(m, [{ product_id: p.id, quantity: 1, unit_price: 20_000 }]);
    expect(res.status).toBe(201);
    expect(res.body.data.status).toBe('success');
    expect(res.body.data.offline_state).toBe('accepted');
    expect(res.body.data.offline_issues).toEqual([
      expect.objectContaining({ kind: 'stock_short', product_id: p.id }),
    ]);
    expect(await stockOf(t, p.id)).toBe(-1);
    expect(await ledgerSum(t, p.id)).toBe(-1);
    const ledger = await t.db
      .selectFrom('stock_movements')
      .select(['note', 'quantity_after'])
      .where('reference_id', '=', res.body.data.id)
      .executeTakeFirstOrThrow();
    expect(Number(ledger.quantity_after)).toBe(-1);
    expect(ledger.note).toContain('below zero');
    const audit = await t.db
      .selectFrom('audits')
      .select('summary')
      .where('entity_id', '=', res.body.data.id)
      .executeTakeFirstOrThrow();
    expect(audit.summary).toContain('stock taken below zero');
    // An online sale still cannot take stock below zero.
    const refused = await t.call('POST', '/order', {
      token: m.token,
      body: { items: [{ product_id: p.id, quantity: 1 }], payment_type: 'cash', channel: 'pos' },
    });
    expect(refused.status).toBe(409);
  });

  it('stock sold meanwhile, rule "hold": nothing taken, pending, needs a decision, listed', async () => {
    const shop = await createMerchant(t);
    await t.call('PUT', '/till/settings', {
      token: shop.token,
      body: { offline_max_hours: 24, offline_max_sales: 200, offline_stock_rule: 'hold_for_review' },
    });
    const p = await createProduct(t, shop, { price: 20_000, quantity: 1 });
    await t.call('POST', '/order', {
      token: shop.token,
      body: { items: [{ product_id: p.id, quantity: 1 }], payment_type: 'cash', channel: 'pos' },
    });
    const res = await sendOffline(shop, [{ product_id: p.id, quantity: 1, unit_price: 20_000 }]);
    expect(res.status).toBe(201);
    expect(res.body.data.status).toBe('pending');
    expect(res.body.data.offline_state).toBe('needs_review');
    expect(res.body.data.offline_issues[0]).toMatchObject({ kind: 'stock_held', product_id: p.id });
    expect(await stockOf(t, p.id)).toBe(0);
    expect(await ledgerSum(t, p.id)).toBe(0);
    const list = await t.call<{ data: OrderAnswer[] }>('GET', '/order', { token: shop.token });
    const listed = list.body.data.find((o) => o.id === res.body.data.id);
    expect(listed?.offline_state).toBe('needs_review');
  });

  it('keeps a discount that ran out meanwhile without counting a use, and flags it', async () => {
    const p = await createProduct(t, m, { price: 10_000, quantity: 10 });
    const created = await t.call<{ data: { id: string } }>('POST', '/discounts', {
      token: m.token,
      body: { name: 'One only', code: 'ONEONLY', type: 'fixed', value: 1_000, usage_limit: 1 },
    });
    expect(created.status).toBe(201);
    const used = await t.call('POST', '/order', {
      token: m.token,
      body: { items: [{ product_id: p.id, quantity: 1 }], payment_type: 'cash', discount_code: 'ONEONLY' },
    });
    expect(used.status).toBe(201);
    const res = await sendOffline(m, [{ product_id: p.id, quantity: 1, unit_price: 10_000 }], {
      key: 'discount-ran-out',
      total: 9_000,
      body: { discount_code: 'ONEONLY' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.total).toBe(9_000);
    expect(res.body.data.offline_state).toBe('needs_review');
    expect(res.body.data.offline_issues.map((i) => i.kind)).toEqual(['discount_unavailable']);
    const discount = await t.db
      .selectFrom('discounts')
      .select('used_count')
      .where('id', '=', created.body.data.id)
      .executeTakeFirstOrThrow();
    expect(Number(discount.used_count)).toBe(1);
  });

  it('refuses with 404 a product deleted meanwhile (the till keeps the sale and says so)', async () => {
    const p = await createProduct(t, m, { price: 10_000, quantity: 0 });
    expect((await t.call('DELETE', `/product/${p.id}`, { token: m.token })).status).toBe(200);
    const res = await sendOffline(m, [{ product_id: p.id, quantity: 1, unit_price: 10_000 }]);
    expect(res.status).toBe(404);
  });

  it('flags a sale that arrives later than the store allows', async () => {
    const p = await createProduct(t, m, { price: 10_000, quantity: 10 });
    // Sold 25 hours ago; the store allows 24.
    const soldAt = new Date(t.clock.now().getTime() - 25 * 3_600_000).toISOString();
    const res = await sendOffline(m, [{ product_id: p.id, quantity: 1, unit_price: 10_000 }], {
      sold_at: soldAt,
      catalogue_at: soldAt,
    });
    expect(res.status).toBe(201);
    expect(res.body.data.offline_issues.map((i) => i.kind)).toContain('late');
    expect(res.body.data.offline_state).toBe('needs_review');
  });
  // Decision 0047: a till's clock ahead of the server's.
  it('a sale dated 30 days ahead is recorded as sold when it arrived and waits for a decision', async () => {
    const p = await createProduct(t, m, { price: 10_000, quantity: 10 });
    const now = t.clock.now();
    const ahead = new Date(now.getTime() + 30 * 24 * 3_600_000).toISOString();
    const res = await sendOffline(m, [{ product_id: p.id, quantity: 1, unit_price: 10_000 }], {
      sold_at: ahead,
      catalogue_at: now.toISOString(),
    });
    expect(res.status).toBe(201);
    expect(res.body.data.offline_state).toBe('needs_review');
    expect(res.body.data.offline_issues).toEqual([
      {
        kind: 'sold_in_future',
        product_id: null,
        message:
          "The till dated this sale 30 days after it reached the store: its date or time is wrong. It is recorded as sold when it arrived; check the till's clock.",
      },
    ]);
    const stored = await t.db
      .selectFrom('orders')
      .select(['offline_sold_at', 'created_at'])
      .where('id', '=', res.body.data.id)
      .executeTakeFirstOrThrow();
    // Recorded as sold when it arrived: the order's own time, not 30 days on.
    expect(stored.offline_sold_at).toBe(stored.created_at);
    expect(res.body.data.offline_sold_at).toBe(stored.created_at);
    const audit = await t.db
      .selectFrom('audits')
      .select(['summary', 'after'])
      .where('entity_id', '=', res.body.data.id)
      .executeTakeFirstOrThrow();
    expect(audit.summary).toContain('needs a decision');
    expect(audit.after).toContain('sold_in_future');
  });

  it('a clock a few minutes ahead is within the allowance: taken, recorded at its arrival', async () => {
    const p = await createProduct(t, m, { price: 10_000, quantity: 10 });
    const now = t.clock.now();
    const res = await sendOffline(m, [{ product_id: p.id, quantity: 1, unit_price: 10_000 }], {
      sold_at: new Date(now.getTime() + 9 * 60_000).toISOString(),
      catalogue_at: now.toISOString(),
    });
    expect(res.status).toBe(201);
    expect(res.body.data.offline_state).toBe('accepted');
    expect(res.body.data.offline_issues).toEqual([]);
    const arrived = await t.db
      .selectFrom('orders')
      .select('created_at')
      .where('id', '=', res.body.data.id)
      .executeTakeFirstOrThrow();
    expect(res.body.data.offline_sold_at).toBe(arrived.created_at);
    const past = new Date(now.getTime() - 3 * 3_600_000).toISOString();
    const earlier = await sendOffline(m, [{ product_id: p.id, quantity: 1, unit_price: 10_000 }], {
      sold_at: past,
      catalogue_at: past,
    });
    expect(earlier.body.data.offline_state).toBe('accepted');
    expect(earlier.body.data.offline_sold_at).toBe(past);
  });
  it("a till whose clock is hours out, and says when it sent the sale, is dated by the store's clock", async () => {
    const p = await createProduct(t, m, { price: 10_000, quantity: 10 });
    const now = t.clock.now().getTime();
    const hours = (n: number) => n * 3_600_000;
    // The till's clock ran 7 hours ahead while offline; it sold 20 minutes ago by the store's clock.
    const key = `clock-${Math.random()}`;
    const number = offlineNumber();
    const sale = (sentAt: number) =>
      sendOffline(m, [{ product_id: p.id, quantity: 1, unit_price: 10_000 }], {
        key,
        number,
        sold_at: new Date(now + hours(7) - 20 * 60_000).toISOString(),
        catalogue_at: new Date(now - hours(1)).toISOString(),
        sent_at: new Date(sentAt).toISOString(),
      });
    const res = await sale(now + hours(7));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.offline_state).toBe('accepted');
    // (The test's clock runs on between the calls: within a few seconds.)
    const near = (at: string | null, expected: number) =>
      expect(Math.abs(Date.parse(at!) - expected)).toBeLessThan(5_000);
    near(res.body.data.offline_sold_at, now - 20 * 60_000);
    expect(res.body.data.offline_issues).toEqual([
      {
        kind: 'till_clock',
        product_id: null,
        message:
          "The till's clock was 7 hours ahead: the sale is dated by the store's clock. Check the till's date and time.",
      },
    ]);
    // Sent again (the answer was lost) a second later by the till's clock: the same sale, once.
    const again = await sale(now + hours(7) + 1000);
    expect(again.status).toBe(201);
    expect(again.body.data.id).toBe(res.body.data.id);
    expect(
      await t.db.selectFrom('orders').select('id').where('offline_number', '=', number).execute(),
    ).toHaveLength(1);
    // A clock behind: a sale the till dates 2 days ago, sent by a till 2 days behind, was just made.
    const behind = await sendOffline(m, [{ product_id: p.id, quantity: 1, unit_price: 10_000 }], {
      sold_at: new Date(now - hours(48) - 60_000).toISOString(),
      catalogue_at: new Date(now - hours(48) - hours(1)).toISOString(),
      sent_at: new Date(now - hours(48)).toISOString(),
    });
    expect(behind.body.data.offline_state).toBe('accepted');
    near(behind.body.data.offline_sold_at, now - 60_000);
    expect(behind.body.data.offline_issues.map((i) => i.kind)).toEqual(['till_clock']);
  });

  // Decision 0047: a till's numbers are its own.
  describe("another till's numbers", () => {
    const browserA = 'a'.repeat(40);
    const browserB = 'b'.repeat(40);
    const refresh = (who: Merchant, device: string, browser: string) =>
      t.call('GET', '/till/changes', {
        token: who.token,
        query: { device },
        headers: { cookie: `tb_device=${browser}` },
      });

    it("a second seller cannot use up the first till's numbers or hold its sales", async () => {
      const shop = await createMerchant(t);
      const cashier = await createStaff(t, shop, 'cashier');
      const p = await createProduct(t, shop, { price: 10_000, quantity: 10 });
      // The owner's till claims its device when it brings its catalogue up to date.
      expect((await refresh(shop, 'TILLAA', browserA)).status).toBe(200);
      // Another seller, in another browser, sends sales under the till's numbers (seen on a receipt).
      const line = [{ product_id: p.id, quantity: 1, unit_price: 10_000 }];
      for (const n of [1, 2, 3]) {
        const taken = await sendOffline(cashier, line, { number: `OFF-TILLAA-${n}`, browser: browserB });
        expect(taken.status).toBe(409);
        expect(taken.body).toMatchObject({
          message: `OFF-TILLAA-${n} is a number of another till of this store: a till sends only the sales it numbered itself, so this sale was not recorded. Record it again at this till's point of sale.`,
        });
      }
      // The same seller, without the browser's cookie (an API client): refused too.
      expect((await sendOffline(cashier, line, { number: 'OFF-TILLAA-4' })).status).toBe(409);
      const recorded = await t.db
        .selectFrom('orders')
        .select('id')
        .where('store_id', '=', shop.storeId)
        .where('offline_number', 'like', 'OFF-TILLAA-%')
        .execute();
      expect(recorded).toEqual([]);
      expect(await stockOf(t, p.id)).toBe(10);

      // The till's own sales then arrive and are taken as usual, none held for review.
      for (const n of [1, 2, 3]) {
        const own = await sendOffline(shop, line, { number: `OFF-TILLAA-${n}`, browser: browserA });
        expect(own.status, JSON.stringify(own.body)).toBe(201);
        expect(own.body.data).toMatchObject({ offline_number: `OFF-TILLAA-${n}`, offline_state: 'accepted' });
      }
      // A cashier who signs in on that till's browser sends what the owner left waiting.
      const shift = await sendOffline(cashier, line, { number: 'OFF-TILLAA-4', browser: browserA });
      expect(shift.status).toBe(201);
      expect(await stockOf(t, p.id)).toBe(6);
      // The second seller's own till keeps its own numbers.
      expect((await sendOffline(cashier, line, { number: 'OFF-TILLBB-1', browser: browserB })).status).toBe(
        201,
      );
    });

    it('a device never seen is claimed by its first sale; a client without the cookie by the person', async () => {
      const shop = await createMerchant(t);
      const cashier = await createStaff(t, shop, 'cashier');
      const p = await createProduct(t, shop, { price: 10_000, quantity: 10 });
      const line = [{ product_id: p.id, quantity: 1, unit_price: 10_000 }];
      expect((await sendOffline(shop, line, { number: 'OFF-FIRST1-1', browser: browserA })).status).toBe(201);
      expect((await sendOffline(cashier, line, { number: 'OFF-FIRST1-2', browser: browserB })).status).toBe(
        409,
      );
      // A refresh naming someone else's device claims nothing and still answers the catalogue.
      expect((await refresh(cashier, 'FIRST1', browserB)).status).toBe(200);
      expect((await sendOffline(cashier, line, { number: 'OFF-FIRST1-2', browser: browserB })).status).toBe(
        409,
      );
      // Without the cookie: the person's.
      expect((await sendOffline(cashier, line, { number: 'OFF-NOCOOK-1' })).status).toBe(201);
      expect((await sendOffline(cashier, line, { number: 'OFF-NOCOOK-2' })).status).toBe(201);
      expect((await sendOffline(shop, line, { number: 'OFF-NOCOOK-3' })).status).toBe(409);
      // Claims are per store: another shop's till may have the same device id.
      const other = await createMerchant(t);
      const q = await createProduct(t, other, { price: 10_000, quantity: 10 });
      const otherLine = [{ product_id: q.id, quantity: 1, unit_price: 10_000 }];
      expect(
        (await sendOffline(other, otherLine, { number: 'OFF-FIRST1-1', browser: browserB })).status,
      ).toBe(201);
      // A malformed device in the refresh is a 400 naming the field.
      const bad = await t.call('GET', '/till/changes', { token: shop.token, query: { device: 'no!' } });
      expect(bad.status).toBe(400);
      expect(bad.body.error.fields.device).toBe('Device must be 4 to 16 capital letters and digits');
    });

    it('20 first sales of a new device at once from two browsers: one browser gets it, the other is refused', async () => {
      const shop = await createMerchant(t);
      const cashier = await createStaff(t, shop, 'cashier');
      const p = await createProduct(t, shop, { price: 10_000, quantity: 30 });
      const line = [{ product_id: p.id, quantity: 1, unit_price: 10_000 }];
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 2
            ? sendOffline(cashier, line, { number: `OFF-RACE01-${i + 1}`, browser: browserB })
            : sendOffline(shop, line, { number: `OFF-RACE01-${i + 1}`, browser: browserA }),
        ),
      );
      const statuses = answers.map((a) => a.status);
      // Whichever browser claimed the device has its 10 sales; the other's 10 are refused.
      const winner = statuses[0] === 201 ? 0 : 1;
      expect(statuses.filter((_, i) => i % 2 === winner)).toEqual(Array(10).fill(201));
      expect(statuses.filter((_, i) => i % 2 !== winner)).toEqual(Array(10).fill(409));
      expect(await stockOf(t, p.id)).toBe(20);
    });
  });
});
