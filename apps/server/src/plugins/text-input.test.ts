import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type Merchant } from '../test/fixtures.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { createProduct, stockOf } from '../test/sales-fixtures.js';

// On PostgreSQL each of these answered 500 before the check: text cannot hold NUL there.
describe('text holding the NUL character', () => {
  let t: TestApp;
  let m: Merchant;
  beforeAll(async () => {
    t = await createTestApp();
    m = await createMerchant(t);
  });
  afterAll(() => t.close());

  const MESSAGE = 'Must not contain the NUL character (\\u0000)';

  it('in the query is a 400 naming the parameter', async () => {
    const res = await t.call('GET', '/product/search-barcode/', {
      token: m.token,
      query: { barcode: '123\u0000', storeId: m.storeId },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { barcode: MESSAGE } });

    const store = await t.call('GET', '/payment_received/', {
      token: m.token,
      query: { storeId: 'a\u0000b' },
    });
    expect(store.status).toBe(400);
    expect(store.body.error.fields).toEqual({ storeId: MESSAGE });
  });

  it('in the path is a 400 naming the parameter', async () => {
    const res = await t.call('GET', '/discounts/search/rice%00', {
      token: m.token,
      query: { storeId: m.storeId },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ term: MESSAGE });
  });

  it('in a JSON body is a 400 naming the field, and nothing is written', async () => {
    const created = await t.call('POST', '/product/create', {
      token: m.token,
      body: { name: 'Rice\u0000 bag', price: 150_000, quantity: 5 },
    });
    expect(created.status).toBe(400);
    expect(created.body.message).toBe(`name: ${MESSAGE}`);
    const list = await t.call('GET', '/product/paginated/results', {
      token: m.token,
      query: { storeId: m.storeId },
    });
    expect(list.body.data).toEqual([]);

    const product = await createProduct(t, m, { quantity: 5 });
    const order = await t.call('POST', '/order', {
      token: m.token,
      body: { items: [{ product_id: product.id, quantity: 1 }], payment_type: 'cash', notes: 'gift\u0000' },
    });
    expect(order.status).toBe(400);
    expect(order.body.error.fields).toEqual({ notes: MESSAGE });
    expect(await stockOf(t, product.id)).toBe(5);
  });

  it('leaves other text alone', async () => {
    const res = await t.call('POST', '/product/create', {
      token: m.token,
      body: { name: 'Garri (ìjẹ̀bú) 🙂 \\u0000', price: 150_000, quantity: 5 },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.name).toBe('Garri (ìjẹ̀bú) 🙂 \\u0000');
  });
});
