import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildSalesFigures } from '../../db/sales-figures-rebuild.js';
import { rollUpSalesFigures } from './sales-figures.js';
import { clockTo, createMerchant, type Merchant } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createCustomer, createProduct, order, keptFigureRows } from '../../test/sales-fixtures.js';

/**
 * A store's time zone changes in store settings: the sales figures, dated to the store's local
 * days (decision 0031), move to the new zone's days in the same transaction, and a sale made
 * while the change runs is counted once, on its day in the zone it ends up in.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A local date at a fixed offset from UTC, worked out here without the app's code. */
const dateAt = (iso: string, offsetHours: number) =>
  new Date(Date.parse(iso) + offsetHours * HOUR).toISOString().slice(0, 10);
/** The instant of a Lagos (UTC+1) wall-clock time. */
const lagos = (date: string, hh: number, mm = 0) =>
  Date.parse(`${date}T00:00:00Z`) - HOUR + hh * HOUR + mm * 60_000;
const plusDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

let t: TestApp;
let m: Merchant;
let other: Merchant;
let product: { id: string };
const d0 = '2026-03-10';

/** Moves the app's clock to an instant, and signs the owners in again (sessions lapse when idle). */
const at = (ms: number) => clockTo(t, ms, [m, other]);

async function sale(who: Merchant, productId: string, quantity: number, extra: Record<string, unknown> = {}) {
  const res = await order(t, who, {
    items: [{ product_id: productId, quantity }],
    channel: 'pos',
    amount_received: 100_000_000,
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; created_at: string; total: number };
}

const setZone = (who: Merchant, timezone: string) =>
  t.call('PATCH', '/stores/address', { token: who.token, body: { country: 'Nigeria', timezone } });

const keptFigures = (storeId: string) => keptFigureRows(t, storeId);

/** Placed orders and completed sales' totals per local day at a fixed offset, from the orders. */
async function perDay(who: Merchant, offsetHours: number) {
  const res = await t.call('GET', '/order', { token: who.token, query: { perPage: 100 } });
  expect(res.status).toBe(200);
  const out = new Map<string, { placed: number; total: number }>();
  for (const o of res.body.data as Array<{ created_at: string; status: string; total: number }>) {
    const day = dateAt(o.created_at, offsetHours);
    const f = out.get(day) ?? { placed: 0, total: 0 };
    f.placed += 1;
    if (o.status === 'success') f.total += o.total;
    out.set(day, f);
  }
  return out;
}

async function keptDays(storeId: string) {
  // The figures as a read sees them: with the changes not yet rolled up added in.
  await rollUpSalesFigures(t.database.db, storeId);
  const rows = await t.db
    .selectFrom('sales_days')
    .select(['day', 'placed', 'total'])
    .where('store_id', '=', storeId)
    .execute();
  return new Map(rows.map((r) => [r.day, { placed: Number(r.placed), total: Number(r.total) }]));
}

beforeAll(async () => {
  t = await createTestApp();
  m = await createMerchant(t);
  other = await createMerchant(t);
  product = await createProduct(t, m, { price: 100_000, quantity: 1_000 });
  const otherProduct = await createProduct(t, other, { price: 70_000, quantity: 1_000 });
  const customer = await createCustomer(t, m);
  // Lagos (UTC+1): 22:30 and 23:30 on d0, 00:30 and 09:00 on d1. In Tokyo (UTC+9) the first
  // three are all on d1 in the morning, the last on d1 at 17:00.
  await at(lagos(d0, 22, 30));
  await sale(m, product.id, 1, { customer_id: customer.id });
  await at(lagos(d0, 23, 30));
  await sale(m, product.id, 2);
  await sale(other, otherProduct.id, 1);
  await at(lagos(plusDays(d0, 1), 0, 30));
  await sale(m, product.id, 3, { customer_id: customer.id });
  await at(lagos(plusDays(d0, 1), 9));
  await sale(m, product.id, 4);
  // Lagos 16:30 on d1 is Tokyo 00:30 on d2.
  await at(lagos(plusDays(d0, 1), 16, 30));
  const refunded = await sale(m, product.id, 2);
  const r = await t.call('POST', `/order/${refunded.id}/refund`, {
    token: m.token,
    body: { items: [{ product_id: product.id, quantity: 1 }], reason: 'Broken' },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
}, 60_000);
afterAll(async () => t.close());

describe("a store's time zone changes", () => {
  it("the figures move to the new zone's days, equal to a recomputation there; another store's stay", async () => {
    expect(await keptDays(m.storeId)).toEqual(await perDay(m, 1));
    const otherBefore = await keptFigures(other.storeId);

    const res = await setZone(m, 'Asia/Tokyo');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.timezone).toBe('Asia/Tokyo');

    const tokyo = await perDay(m, 9);
    expect([...tokyo.keys()].sort()).toEqual([plusDays(d0, 1), plusDays(d0, 2)]);
    expect(await keptDays(m.storeId)).toEqual(tokyo);
    // Every table, product and customer days too, equals a rebuild in the new zone.
    const kept = await keptFigures(m.storeId);
    await rebuildSalesFigures(t.database.db, [m.storeId]);
    expect(await keptFigures(m.storeId)).toEqual(kept);
    expect(await keptFigures(other.storeId)).toEqual(otherBefore);

    // The reports answer in the new zone: d1 in Tokyo holds the four sales of Lagos's d0 and d1.
    const report = await t.call('GET', '/sales_report/filter/sales', {
      token: m.token,
      query: { type: 'daily', from: plusDays(d0, 1), to: plusDays(d0, 1) },
    });
    expect(report.status).toBe(200);
    expect(report.body.data.rows[0].current.orders).toBe(4);

    // A sale after the change is dated in Tokyo: Lagos 16:45 on d1 is 00:45 on d2 there.
    await at(lagos(plusDays(d0, 1), 16, 45));
    await sale(m, product.id, 1);
    expect(await keptDays(m.storeId)).toEqual(await perDay(m, 9));

    // Back to Lagos: the figures follow again.
    expect((await setZone(m, 'Africa/Lagos')).status).toBe(200);
    expect(await keptDays(m.storeId)).toEqual(await perDay(m, 1));
  });

  it('sales made while the zone changes are each counted once, on their day in the new zone', async () => {
    await at(lagos(plusDays(d0, 1), 23, 50));
    const zones = ['Asia/Tokyo', 'Africa/Lagos', 'America/New_York', 'Asia/Tokyo'];
    const results = await Promise.all([
      ...zones.map(async (zone, i) => {
        await new Promise((r) => setTimeout(r, i * 3));
        return setZone(m, zone);
      }),
      ...Array.from({ length: 12 }, async (_, i) => {
        await new Promise((r) => setTimeout(r, i));
        return order(t, m, {
          items: [{ product_id: product.id, quantity: 1 }],
          channel: 'pos',
          amount_received: 100_000_000,
        });
      }),
    ]);
    for (const r of results.slice(0, zones.length)) expect(r.status, JSON.stringify(r.body)).toBe(200);
    // A sale that began in the old zone and reached its figures after the change is refused with a
    // 409 (tried again, it is dated in the new zone); none is lost or counted twice.
    const sales = results.slice(zones.length);
    for (const r of sales) expect([201, 409], JSON.stringify(r.body)).toContain(r.status);
    // Tried again, as the till does, every refused sale goes through.
    for (const r of sales.filter((r) => r.status === 409)) {
      const again = await order(t, m, {
        items: [{ product_id: product.id, quantity: 1 }],
        channel: 'pos',
        amount_received: 100_000_000,
      });
      expect(again.status, JSON.stringify(again.body)).toBe(201);
      r.status = 201;
    }
    const kept = await keptFigures(m.storeId);
    await rebuildSalesFigures(t.database.db, [m.storeId]);
    expect(await keptFigures(m.storeId)).toEqual(kept);
    const orders = (await t.call('GET', '/order', { token: m.token, query: { perPage: 100 } })).body.data;
    expect(orders.length).toBe(6 + sales.filter((r) => r.status === 201).length);
  });
});
