import { gtinCheckDigit } from '@tillbook/contract/products';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithTwoStores, type Merchant, auditsOf } from '../../test/fixtures.js';
import type { TestApp } from '../../test/harness.js';

let t: TestApp, m: Merchant, other: Merchant, cashier: Merchant;
beforeAll(async () => ({ t, m, other, cashier } = await appWithTwoStores()));
afterAll(async () => t.close());

const create = (body: Record<string, unknown>, who: Merchant = m) =>
  t.call('POST', '/product/create', { token: who.token, body: { price: 150000, ...body } });

async function created(body: Record<string, unknown>, who: Merchant = m) {
  const res = await create(body, who);
  expect(res.status).toBe(201);
  return res.body.data;
}

async function ledgerSum(id: string) {
  const row = await t.db
    .selectFrom('stock_movements')
    .select((eb) => eb.fn.sum<number>('quantity_change').as('n'))
    .where('product_id', '=', id)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

describe('create and read products', () => {
  it('creates a product, generating a SKU and a valid EAN-13 barcode, with its opening stock in the ledger', async () => {
    const res = await create({ name: 'Peak Milk 400g', quantity: 24, cost_price: 120000, unit: 'tin' });
    expect(res.status).toBe(201);
    const p = res.body.data;
    expect(p).toMatchObject({
      name: 'Peak Milk 400g',
      price: 150000,
      cost_price: 120000,
      sale_price: null,
      unit: 'tin',
      track_stock: true,
      quantity: 24,
      low_stock_threshold: 5,
      stock_status: 'in_stock',
      status: 'active',
      images: [],
      categories: [],
      category: null,
    });
    expect(p.sku).toMatch(/^SKU-\d{6}$/);
    expect(p.barcode).toMatch(/^2\d{12}$/);
    expect(Number(p.barcode.at(-1))).toBe(gtinCheckDigit(p.barcode.slice(0, 12)));

    const movements = await t.call('GET', `/product/${p.id}/stock-movements`, { token: m.token });
    expect(movements.body.data).toHaveLength(1);
    expect(movements.body.data[0]).toMatchObject({
      reason: 'initial',
      quantity_change: 24,
      quantity_before: 0,
      quantity_after: 24,
    });

    const [audit] = await auditsOf(t, 'product.created', { entityId: p.id });
    expect(audit?.store_id).toBe(m.storeId);
  });

  it('reads a product by id, with or without storeId', async () => {
    const p = await created({ name: 'Milo 500g' });
    expect((await t.call('GET', `/product/${p.id}`, { token: m.token })).body.data.name).toBe('Milo 500g');
    const withStore = await t.call('GET', `/product/${p.id}`, {
      token: m.token,
      query: { storeId: m.storeId },
    });
    expect(withStore.body.data.id).toBe(p.id);
  });

  it('validates the body with field messages', async () => {
    const res = await t.call('POST', '/product/create', {
      token: m.token,
      body: { name: '  ', price: 12.5, sale_price: -1, quantity: -3, barcode: '5901234123458' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toMatchObject({
      name: 'Product name is required',
      price: 'Price must be a whole number of minor units (kobo)',
      sale_price: 'Sale price cannot be negative',
      quantity: 'Quantity cannot be negative',
    });
    const wrongCheck = await create({ name: 'Typo', barcode: '5901234123458' });
    expect(wrongCheck.status).toBe(400);
    expect(wrongCheck.body.error.fields.barcode).toContain('check digit');
    const salePrice = await create({ name: 'Sale', price: 1000, sale_price: 2000 });
    expect(salePrice.body.error.fields.sale_price).toBe('Sale price cannot be more than the price');
    const missing = await t.call('POST', '/product/create', { token: m.token, body: {} });
    expect(missing.body.error.fields).toMatchObject({ name: 'Product name is required' });
  });

  it('refuses a duplicate SKU or barcode in the store with 409 naming the field, but allows it in another store', async () => {
    await created({ name: 'Kings Oil 1L', sku: 'OIL-1L', barcode: '6151100070050' });
    const sku = await create({ name: 'Other', sku: 'OIL-1L' });
    expect(sku.status).toBe(409);
    expect(sku.body.error.fields).toEqual({ sku: 'This SKU is already used by another product' });
    expect(sku.body.message).toBe('SKU "OIL-1L" is already used by "Kings Oil 1L".');
    const barcode = await create({ name: 'Other', barcode: '6151100070050' });
    expect(barcode.status).toBe(409);
    expect(barcode.body.error.fields).toEqual({ barcode: 'This barcode is already used by another product' });
    expect(
      (await create({ name: 'Kings Oil 1L', sku: 'OIL-1L', barcode: '6151100070050' }, other)).status,
    ).toBe(201);
  });

  it("answers 404 for another store's product and changes nothing", async () => {
    const theirs = await created({ name: 'Their Rice', quantity: 5 }, other);
    expect((await t.call('GET', `/product/${theirs.id}`, { token: m.token })).status).toBe(404);
    const put = await t.call('PUT', `/product/${theirs.id}`, { token: m.token, body: { name: 'Mine now' } });
    expect(put.status).toBe(404);
    const del = await t.call('DELETE', `/product/${theirs.id}`, { token: m.token });
    expect(del.status).toBe(404);
    const adjust = await t.call('POST', `/product/${theirs.id}/adjust-stock`, {
      token: m.token,
      body: { quantity_change: -5, reason: 'loss' },
    });
    expect(adjust.status).toBe(404);
    expect((await t.call('GET', `/product/${theirs.id}/stock-movements`, { token: m.token })).status).toBe(
      404,
    );
    const still = await t.call('GET', `/product/${theirs.id}`, { token: other.token });
    expect(still.body.data).toMatchObject({ name: 'Their Rice', quantity: 5, status: 'active' });
    expect(
      (await t.call('GET', `/product/${theirs.id}`, { token: m.token, query: { storeId: other.storeId } }))
        .status,
    ).toBe(404);
  });

  it('lets a cashier view but not manage products', async () => {
    const p = await created({ name: 'Cabin Biscuits' });
    expect((await t.call('GET', `/product/${p.id}`, { token: cashier.token })).status).toBe(200);
    expect((await t.call('GET', '/product/paginated/results', { token: cashier.token })).status).toBe(200);
    const denied = await create({ name: 'Sneaky' }, cashier);
    expect(denied.status).toBe(403);
    expect(denied.body.message).toContain('products.manage');
    for (const [method, url, body] of [
      ['PUT', `/product/${p.id}`, { name: 'x' }],
      ['DELETE', `/product/${p.id}`, undefined],
      ['POST', `/product/${p.id}/adjust-stock`, { quantity_change: 1, reason: 'count' }],
      ['GET', '/product/auto-create', undefined],
      ['POST', '/product/category', { name: 'Drinks' }],
    ] as const) {
      expect((await t.call(method, url, { token: cashier.token, body })).status).toBe(403);
    }
    expect((await t.call('GET', `/product/${p.id}`, { token: m.token })).body.data.name).toBe(
      'Cabin Biscuits',
    );
  });
});

describe('update and delete', () => {
  it('updates fields, and treats a changed quantity as a stock count in the ledger', async () => {
    const p = await created({ name: 'Dangote Sugar', quantity: 10, sku: 'SUG-500' });
    const res = await t.call('PUT', `/product/${p.id}`, {
      token: m.token,
      query: { storeId: m.storeId },
      body: { name: 'Dangote Sugar 500g', price: 130000, quantity: 7, low_stock_threshold: 8 },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Dangote Sugar 500g',
      price: 130000,
      quantity: 7,
      sku: 'SUG-500',
      stock_status: 'low_stock',
    });
    const ledger = await t.call('GET', `/product/${p.id}/stock-movements`, { token: m.token });
    expect(ledger.body.data[0]).toMatchObject({
      reason: 'adjustment_count',
      quantity_change: -3,
      quantity_after: 7,
    });
    expect(await ledgerSum(p.id)).toBe(7);
    const found = await t.call('GET', '/product/search', { token: m.token, query: { name: '500g sugar' } });
    expect(found.body.data.map((x: { id: string }) => x.id)).toContain(p.id);
  });

  it('refuses an update to a SKU another product has', async () => {
    const a = await created({ name: 'A', sku: 'DUP-A' });
    await created({ name: 'B', sku: 'DUP-B' });
    const res = await t.call('PUT', `/product/${a.id}`, { token: m.token, body: { sku: 'DUP-B' } });
    expect(res.status).toBe(409);
    expect(res.body.error.fields.sku).toBeTruthy();
    expect((await t.call('PUT', `/product/${a.id}`, { token: m.token, body: { sku: 'DUP-A' } })).status).toBe(
      200,
    );
    expect((await t.call('PUT', `/product/${a.id}`, { token: m.token, body: {} })).status).toBe(400);
  });

  it("deletes a product nobody refers to with the client's message", async () => {
    const p = await created({ name: 'Delete me', quantity: 3 });
    const res = await t.call('DELETE', `/product/${p.id}`, { token: m.token, query: { storeId: m.storeId } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Product Deleted!!');
    expect(res.body.data).toEqual({ id: p.id, archived: false });
    expect((await t.call('GET', `/product/${p.id}`, { token: m.token })).status).toBe(404);
  });

  it('archives instead of deleting a product that was sold', async () => {
    const p = await created({ name: 'Sold once', quantity: 3 });
    const { applyStockMovements } = await import('./stock.service.js');
    await t.db
      .transaction()
      .execute((trx) =>
        applyStockMovements(
          trx,
          { storeId: m.storeId, now: new Date(), actor: { type: 'system', id: null, name: 't' } },
          [{ productId: p.id, change: -1, reason: 'sale', referenceType: 'order', referenceId: 'o1' }],
        ),
      );
    const res = await t.call('DELETE', `/product/${p.id}`, { token: m.token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Product Deleted!!');
    expect(res.body.data).toEqual({ id: p.id, archived: true });
    const after = await t.call('GET', `/product/${p.id}`, { token: m.token });
    expect(after.body.data.status).toBe('archived');
    const list = await t.call('GET', '/product/paginated/results', {
      token: m.token,
      query: { perPage: 100 },
    });
    expect(list.body.data.map((x: { id: string }) => x.id)).not.toContain(p.id);
    const archived = await t.call('GET', '/product/paginated/results', {
      token: m.token,
      query: { perPage: 100, status: 'archived' },
    });
    expect(archived.body.data.map((x: { id: string }) => x.id)).toContain(p.id);
  });
});

describe('stock adjustments', () => {
  it('adjusts stock with a reason and lists the ledger newest first', async () => {
    const p = await created({ name: 'Indomie Carton', quantity: 20 });
    const res = await t.call('POST', `/product/${p.id}/adjust-stock`, {
      token: m.token,
      body: { quantity_change: -2, reason: 'damage', note: 'Torn in the rain' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.product.quantity).toBe(18);
    expect(res.body.data.movement).toMatchObject({
      reason: 'adjustment_damage',
      quantity_change: -2,
      quantity_before: 20,
      quantity_after: 18,
      note: 'Torn in the rain',
      actor_type: 'user',
      actor_id: m.user.id,
    });
    const list = await t.call('GET', `/product/${p.id}/stock-movements`, {
      token: cashier.token,
      query: { perPage: 1 },
    });
    expect(list.body.pagination).toEqual({ page: 1, perPage: 1, total: 2, totalPages: 2 });
    expect(list.body.data[0].reason).toBe('adjustment_damage');
  });

  it('refuses to take more than is left, and refuses adjustments of untracked products', async () => {
    const p = await created({ name: 'Garri 2kg', quantity: 3 });
    const res = await t.call('POST', `/product/${p.id}/adjust-stock`, {
      token: m.token,
      body: { quantity_change: -4, reason: 'loss' },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Only 3 left of "Garri 2kg".');
    expect(res.body.error.fields).toEqual({ quantity_change: 'Only 3 left' });
    const u = await created({ name: 'Wrapping', track_stock: false });
    const untracked = await t.call('POST', `/product/${u.id}/adjust-stock`, {
      token: m.token,
      body: { quantity_change: 4, reason: 'count' },
    });
    expect(untracked.status).toBe(409);
    expect(untracked.body.message).toContain('not tracked');
  });

  it('validates the adjustment body', async () => {
    const p = await created({ name: 'Salt' });
    const res = await t.call('POST', `/product/${p.id}/adjust-stock`, {
      token: m.token,
      body: { quantity_change: 0, reason: 'stolen' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      quantity_change: 'Quantity change cannot be zero',
      reason: 'Reason must be one of count, damage, loss, return, other',
    });
  });

  it('applies a repeated Idempotency-Key once', async () => {
    const p = await created({ name: 'Bournvita', quantity: 5 });
    const send = () =>
      t.call('POST', `/product/${p.id}/adjust-stock`, {
        token: m.token,
        headers: { 'idempotency-key': `adj-${p.id}` },
        body: { quantity_change: 10, reason: 'return' },
      });
    const first = await send();
    const second = await send();
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.data).toEqual(first.body.data);
    expect((await t.call('GET', `/product/${p.id}`, { token: m.token })).body.data.quantity).toBe(15);
  });

  it('keeps quantity equal to the sum of its movements after a random sequence of changes', async () => {
    const p = await created({ name: 'Random walk', quantity: 50 });
    let expected = 50;
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const reasons = ['count', 'damage', 'loss', 'return', 'other'];
    for (let i = 0; i < 40; i++) {
      const change = Math.round(next() * 30) - 18 || 1;
      const res = await t.call('POST', `/product/${p.id}/adjust-stock`, {
        token: m.token,
        body: { quantity_change: change, reason: reasons[i % reasons.length] },
      });
      if (expected + change < 0) {
        expect(res.status).toBe(409);
      } else {
        expect(res.status).toBe(201);
        expected += change;
      }
      if (i % 10 === 9) {
        const put = await t.call('PUT', `/product/${p.id}`, { token: m.token, body: { quantity: i } });
        expect(put.status).toBe(200);
        expected = i;
      }
    }
    const product = (await t.call('GET', `/product/${p.id}`, { token: m.token })).body.data;
    expect(product.quantity).toBe(expected);
    expect(await ledgerSum(p.id)).toBe(expected);
    const all = await t.call('GET', `/product/${p.id}/stock-movements`, {
      token: m.token,
      query: { perPage: 100 },
    });
    const rows = [...all.body.data].reverse();
    for (let i = 1; i < rows.length; i++) expect(rows[i].quantity_before).toBe(rows[i - 1].quantity_after);
  });
});
