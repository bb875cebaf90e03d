import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithTwoStores, createMerchant, type Merchant, auditsOf, auditOf } from '../../test/fixtures.js';
import { expectAnswer } from '../../test/expect-answer.js';
import type { TestApp } from '../../test/harness.js';
import { createProduct, order, stockOf } from '../../test/sales-fixtures.js';
import { endInstant, startInstant } from '../../lib/local-dates.js';

let t: TestApp, m: Merchant, other: Merchant, cashier: Merchant;
beforeAll(async () => ({ t, m, other, cashier } = await appWithTwoStores()));
afterAll(async () => t.close());

const DAY = 86_400_000;
const inDays = (days: number) => new Date(t.clock.now().getTime() + days * DAY).toISOString();

const create = (body: Record<string, unknown>, who: Merchant = m) =>
  t.call('POST', '/discounts', {
    token: who.token,
    body: { name: 'Promo', type: 'percentage', value: 10, ...body },
  });

async function created(body: Record<string, unknown>, who: Merchant = m) {
  const res = await create(body, who);
  if (res.status !== 201) throw new Error(`discount create failed: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

describe('creating and editing discounts', () => {
  it("creates a discount with the spec's message, upper-casing the code", async () => {
    const res = await create({ name: 'Weekend Sale', code: 'weekend12', value: 12.5, usage_limit: 20 });
    expectAnswer(res, 201, 'Discount added successfully', {
      name: 'Weekend Sale',
      code: 'WEEKEND12',
      type: 'percentage',
      value: 12.5,
      applies_to: 'order',
      min_order_amount: 0,
      usage_limit: 20,
      used_count: 0,
      is_active: true,
      status: 'active',
    });
    const row = await t.db
      .selectFrom('discounts')
      .select('value')
      .where('id', '=', res.body.data.id)
      .executeTakeFirst();
    expect(Number(row?.value)).toBe(1250);
    const [audit] = await auditsOf(t, 'discount.created', { entityId: res.body.data.id });
    expect(audit?.store_id).toBe(m.storeId);
  });

  it('generates a code when none is given', async () => {
    const a = await created({ name: 'Loyalty reward', code: '' });
    const b = await created({ name: 'Loyalty reward' });
    expect(a.code).toMatch(/^LOYALTY-[A-Z2-9]{6}$/);
    expect(b.code).toMatch(/^LOYALTY-[A-Z2-9]{6}$/);
    expect(a.code).not.toBe(b.code);
  });

  it('refuses a code already used in the store, whatever its case, but not in another store', async () => {
    await created({ code: 'EASTER' });
    const dup = await create({ code: 'easter' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('The code "EASTER" is already used by the discount "Promo".');
    expect(dup.body.error.fields).toEqual({ code: 'This code is already used by another discount' });
    expect((await create({ code: 'EASTER' }, other)).status).toBe(201);
  });

  it('validates fields with messages', async () => {
    const res = await t.call('POST', '/discounts', {
      token: m.token,
      body: { name: ' ', type: 'bogus', value: -1, usage_limit: 0, min_order_amount: 1.5, code: 'a b' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toMatchObject({
      name: 'Discount name is required',
      type: 'Type must be percentage or fixed',
      value: 'Value must be more than 0',
      usage_limit: 'Usage limit must be at least 1',
      min_order_amount: 'Minimum order amount must be a whole number of minor units (kobo)',
      code: 'Code must be 3 to 32 letters, digits, - or _',
    });
    expect((await create({ value: 100.5 })).body.error.fields).toEqual({
      value: 'A percentage cannot be more than 100',
    });
    expect((await create({ value: 12.345 })).body.error.fields).toEqual({
      value: 'A percentage can have at most two decimals',
    });
    expect((await create({ type: 'fixed', value: 99.5 })).body.error.fields).toEqual({
      value: 'A fixed discount must be a whole number of minor units (kobo)',
    });
    expect((await create({ applies_to: 'products' })).body.error.fields).toEqual({
      product_ids: 'Choose at least one product',
    });
    expect((await create({ starts_at: '2027-01-10', ends_at: '2027-01-09' })).body.error.fields).toEqual({
      ends_at: 'The end must be after the start',
    });
  });

  it('refuses products and categories of another store', async () => {
    const theirs = await createProduct(t, other);
    const res = await create({ applies_to: 'products', product_ids: [theirs.id] });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ product_ids: `Unknown product: ${theirs.id}` });
    const cat = await create({ applies_to: 'categories', category_ids: ['nope'] });
    expect(cat.body.error.fields).toEqual({ category_ids: 'Unknown category: nope' });
  });

  it("reads a date as a whole day in the store's time zone", async () => {
    const d = await created({ starts_at: '2027-12-24', ends_at: '2027-12-26' });
    // Africa/Lagos is UTC+1.
    expect(d.starts_at).toBe('2027-12-23T23:00:00.000Z');
    expect(d.ends_at).toBe('2027-12-26T22:59:59.999Z');
    expect(startInstant('2027-03-28', 'Europe/London')).toBe('2027-03-28T00:00:00.000Z');
    expect(endInstant('2027-03-28', 'Europe/London')).toBe('2027-03-28T22:59:59.999Z');
    expect(startInstant('2027-07-01T09:30:00+01:00', 'Africa/Lagos')).toBe('2027-07-01T08:30:00.000Z');
  });

  it('edits a discount, keeping the rules across fields', async () => {
    const d = await created({ name: 'Black Friday', code: 'BF2027', value: 20 });
    const res = await t.call('PATCH', `/discounts/${d.id}`, {
      token: m.token,
      body: { value: 25, min_order_amount: 500_000, is_active: false },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      value: 25,
      min_order_amount: 500_000,
      is_active: false,
      status: 'inactive',
    });
    const typeOnly = await t.call('PATCH', `/discounts/${d.id}`, { token: m.token, body: { type: 'fixed' } });
    expect(typeOnly.status).toBe(400);
    expect(typeOnly.body.error.fields).toEqual({ value: 'Give the value for the new type' });
    const tooMuch = await t.call('PATCH', `/discounts/${d.id}`, { token: m.token, body: { value: 120 } });
    expect(tooMuch.status).toBe(400);
    await created({ code: 'TAKEN1' });
    const dup = await t.call('PATCH', `/discounts/${d.id}`, { token: m.token, body: { code: 'taken1' } });
    expect(dup.status).toBe(409);
    const audit = await auditOf(t, 'discount.updated', { entityId: d.id });
    expect(JSON.parse(audit.after!)).toMatchObject({ value: 25, is_active: false });
    expect(JSON.parse(audit.before!)).toMatchObject({ value: 20, is_active: true });

    const get = await t.call('GET', `/discounts/${d.id}`, { token: m.token });
    expect(get.body.data).toMatchObject({ id: d.id, value: 25 });
  });

  it("answers 404 for another store's discount and changes nothing", async () => {
    const d = await created({ code: 'MINE01' });
    expect((await t.call('GET', `/discounts/${d.id}`, { token: other.token })).status).toBe(404);
    const patch = await t.call('PATCH', `/discounts/${d.id}`, { token: other.token, body: { value: 99 } });
    expect(patch.status).toBe(404);
    expect((await t.call('GET', `/discounts/${d.id}`, { token: m.token })).body.data.value).toBe(10);
  });

  it('generates a sample discount', async () => {
    const res = await t.call('POST', '/discounts/auto-create', { token: m.token });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ is_active: true, status: 'active', used_count: 0 });
    expect(res.body.data.code).toMatch(/^[A-Z0-9]+-[A-Z2-9]{6}$/);
    expect(res.body.data.ends_at > res.body.data.starts_at).toBe(true);
  });

  it('lets a cashier read discounts but not create or edit them', async () => {
    expect((await t.call('GET', '/discounts', { token: cashier.token })).status).toBe(200);
    const res = await create({ code: 'CASHIER1' }, cashier);
    expect(res.status).toBe(403);
    expect(res.body.message).toContain('Create and edit discounts');
    const d = await created({ code: 'NOEDIT' });
    expect(
      (await t.call('PATCH', `/discounts/${d.id}`, { token: cashier.token, body: { value: 50 } })).status,
    ).toBe(403);
    expect((await t.call('POST', '/discounts/auto-create', { token: cashier.token })).status).toBe(403);
  });
});

describe('listing, searching and filtering', () => {
  let shop: Merchant;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    shop = await createMerchant(t);
    ids.active = (await created({ name: 'Open Promo', code: 'OPEN01' }, shop)).id;
    ids.scheduled = (await created({ name: 'Xmas Promo', code: 'XMAS01', starts_at: inDays(3) }, shop)).id;
    ids.expired = (
      await created({ name: 'Old Promo', code: 'OLD01', starts_at: inDays(-10), ends_at: inDays(-1) }, shop)
    ).id;
    ids.inactive = (await created({ name: 'Paused Promo', code: 'PAUSE01', is_active: false }, shop)).id;
    ids.usedUp = (await created({ name: 'One Off', code: 'ONCE01', usage_limit: 1 }, shop)).id;
    const p = await createProduct(t, shop);
    expect(
      (await order(t, shop, { items: [{ product_id: p.id, quantity: 1 }], discount_code: 'ONCE01' })).status,
    ).toBe(201);
  });

  it('lists discounts newest first with pagination', async () => {
    const res = await t.call('GET', '/discounts', { token: shop.token, query: { perPage: 2 } });
    expect(res.status).toBe(200);
    expect(res.body.pagination).toMatchObject({ page: 1, perPage: 2, total: 5, totalPages: 3 });
    expect(res.body.data.map((d: any) => d.id)).toEqual([ids.usedUp, ids.inactive]);
  });

  it('filters by state', async () => {
    const state = async (f: string) =>
      (await t.call('GET', `/discounts/filter/${f}`, { token: shop.token })).body.data
        .map((d: any) => d.id)
        .sort();
    expect(await state('active')).toEqual([ids.active]);
    expect(await state('scheduled')).toEqual([ids.scheduled]);
    expect(await state('expired')).toEqual([ids.expired, ids.usedUp].sort());
    expect(await state('inactive')).toEqual([ids.inactive]);
    const bad = await t.call('GET', '/discounts/filter/soon', { token: shop.token });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.f).toBe('Filter must be active, scheduled, expired or inactive');
    const one = await t.call('GET', `/discounts/${ids.usedUp}`, { token: shop.token });
    expect(one.body.data).toMatchObject({ status: 'expired', used_count: 1, usage_limit: 1 });
  });

  it('moves from scheduled to active as time passes', async () => {
    const soon = await created(
      { code: 'SOON01', starts_at: new Date(t.clock.now().getTime() + 3_600_000).toISOString() },
      shop,
    );
    expect(soon.status).toBe('scheduled');
    t.clock.advance(2 * 3_600_000);
    try {
      const res = await t.call('GET', `/discounts/${soon.id}`, { token: shop.token });
      expect(res.body.data.status).toBe('active');
    } finally {
      t.clock.advance(-2 * 3_600_000);
    }
  });

  it('searches by name or code', async () => {
    const byName = await t.call('GET', '/discounts/search/xmas', { token: shop.token });
    expect(byName.body.data.map((d: any) => d.id)).toEqual([ids.scheduled]);
    const byCode = await t.call('GET', '/discounts/search/pause0', { token: shop.token });
    expect(byCode.body.data.map((d: any) => d.id)).toEqual([ids.inactive]);
    const none = await t.call('GET', '/discounts/search/zzz', { token: shop.token });
    expect(none.body.data).toEqual([]);
    expect((await t.call('GET', '/discounts/search/xmas', { token: m.token })).body.data).toEqual([]);
  });
});

describe('applying a code to an order', () => {
  it('takes the discount off, counts the use in the order and keeps the code on it', async () => {
    const p = await createProduct(t, m, { price: 20_000, quantity: 10 });
    const d = await created({ code: 'TEN1', value: 10, usage_limit: 3 });
    const res = await order(t, m, { items: [{ product_id: p.id, quantity: 3 }], discount_code: ' ten1 ' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      subtotal: 60_000,
      discount: 6_000,
      total: 54_000,
      discount_code: 'TEN1',
      discount_id: d.id,
    });
    expect(res.body.data.items[0].order_discount).toBe(6_000);
    expect((await t.call('GET', `/discounts/${d.id}`, { token: m.token })).body.data.used_count).toBe(1);

    // Cancelling the order gives the use back.
    await t.call('PATCH', `/order/status/${res.body.data.id}`, {
      token: m.token,
      body: { status: 'cancelled' },
    });
    expect((await t.call('GET', `/discounts/${d.id}`, { token: m.token })).body.data.used_count).toBe(0);
  });

  it('refuses unknown, switched-off, scheduled and ended codes with 422 on discount_code', async () => {
    const p = await createProduct(t, m);
    await created({ code: 'OFF01', is_active: false });
    await created({ code: 'LATER01', starts_at: '2099-01-01' });
    await created({ code: 'PAST01', starts_at: inDays(-5), ends_at: inDays(-2) });
    const cases: Array<[string, string]> = [
      ['NOPE', 'There is no discount with the code "NOPE".'],
      ['OFF01', 'The discount code "OFF01" is switched off.'],
      ['LATER01', 'The discount code "LATER01" starts on 1 Jan 2099.'],
      ['PAST01', 'The discount code "PAST01" ended on'],
    ];
    for (const [code, message] of cases) {
      const res = await order(t, m, { items: [{ product_id: p.id, quantity: 1 }], discount_code: code });
      expect(res.status).toBe(422);
      expect(res.body.message).toContain(message);
      expect(res.body.error.fields.discount_code).toBeDefined();
    }
    expect(await stockOf(t, p.id)).toBe(50);
  });

  it('refuses a code once its usage limit is used up, changing nothing', async () => {
    const p = await createProduct(t, m, { quantity: 5 });
    const d = await created({ code: 'SOLO', usage_limit: 1 });
    expect(
      (await order(t, m, { items: [{ product_id: p.id, quantity: 1 }], discount_code: 'SOLO' })).status,
    ).toBe(201);
    const second = await order(t, m, { items: [{ product_id: p.id, quantity: 1 }], discount_code: 'SOLO' });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('The discount code "SOLO" has reached its usage limit.');
    expect(await stockOf(t, p.id)).toBe(4);
    expect((await t.call('GET', `/discounts/${d.id}`, { token: m.token })).body.data.used_count).toBe(1);
  });

  it('refuses a code under its minimum order amount', async () => {
    const p = await createProduct(t, m, { price: 100_000 });
    await created({ code: 'BIGSPEND', type: 'fixed', value: 50_000, min_order_amount: 500_000 });
    const res = await order(t, m, { items: [{ product_id: p.id, quantity: 2 }], discount_code: 'BIGSPEND' });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(
      'The discount code "BIGSPEND" needs an order of at least NGN 5,000.00; this cart comes to NGN 2,000.00.',
    );
    const enough = await order(t, m, {
      items: [{ product_id: p.id, quantity: 5 }],
      discount_code: 'BIGSPEND',
    });
    expect(enough.status).toBe(201);
    expect(enough.body.data).toMatchObject({ discount: 50_000, total: 450_000 });
  });

  it('applies a product code only to its products', async () => {
    const milk = await createProduct(t, m, { price: 10_000 });
    const rice = await createProduct(t, m, { price: 40_000 });
    await created({ code: 'MILKDAY', applies_to: 'products', product_ids: [milk.id], value: 50 });
    const res = await order(t, m, {
      items: [
        { product_id: milk.id, quantity: 1 },
        { product_id: rice.id, quantity: 1 },
      ],
      discount_code: 'MILKDAY',
    });
    expect(res.body.data).toMatchObject({ discount: 5_000, total: 45_000 });
    const riceOnly = await order(t, m, {
      items: [{ product_id: rice.id, quantity: 1 }],
      discount_code: 'MILKDAY',
    });
    expect(riceOnly.status).toBe(422);
    expect(riceOnly.body.message).toBe(
      'The discount code "MILKDAY" does not apply to any item in this cart.',
    );
  });

  it('checks a code against a cart without using it', async () => {
    const p = await createProduct(t, m, { price: 30_000 });
    const d = await created({ code: 'PREVIEW', type: 'fixed', value: 2_500 });
    const res = await t.call('POST', '/discounts/validate', {
      token: cashier.token,
      body: { discount_code: 'preview', items: [{ product_id: p.id, quantity: 2 }] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      amount: 2_500,
      discount: { id: d.id, code: 'PREVIEW', used_count: 0 },
      quote: { subtotal: 60_000, discount: 2_500, total: 57_500, discount_code: 'PREVIEW' },
    });
    expect((await t.call('GET', `/discounts/${d.id}`, { token: m.token })).body.data.used_count).toBe(0);
    const bad = await t.call('POST', '/discounts/validate', {
      token: cashier.token,
      body: { discount_code: 'NOPE', items: [{ product_id: p.id, quantity: 1 }] },
    });
    expect(bad.status).toBe(422);
    const missing = await t.call('POST', '/discounts/validate', {
      token: cashier.token,
      body: { discount_code: '', items: [{ product_id: p.id, quantity: 1 }] },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toEqual({ discount_code: 'Enter a discount code' });
  });
});
