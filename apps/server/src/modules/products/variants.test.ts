import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithTwoStores, type Merchant } from '../../test/fixtures.js';
import type { TestApp } from '../../test/harness.js';
import { order as anyOrder } from '../../test/sales-fixtures.js';

/** A sale at the till: completed when paid in full. */
const order = (tt: TestApp, who: Merchant, body: Record<string, unknown>) =>
  anyOrder(tt, who, { channel: 'pos', ...body });

/**
 * Issue 33 (decision 0064): options, variants and packs. Stock is kept per variant in base
 * units; a pack line takes `factor × quantity`; the product's quantity is its variants' sum.
 */

let t: TestApp, m: Merchant, other: Merchant;
beforeAll(async () => ({ t, m, other } = await appWithTwoStores()));
afterAll(async () => t.close());

const create = (body: Record<string, unknown>, who: Merchant = m) =>
  t.call('POST', '/product/create', { token: who.token, body: { price: 150000, ...body } });

async function created(body: Record<string, unknown>, who: Merchant = m) {
  const res = await create(body, who);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

const get = async (id: string, who: Merchant = m) =>
  (await t.call('GET', `/product/${id}`, { token: who.token })).body.data;

/** Sum of the stock ledger of a variant (or of the whole product). */
async function ledger(productId: string, variantId?: string) {
  let q = t.db
    .selectFrom('stock_movements')
    .select((eb) => eb.fn.sum<number>('quantity_change').as('n'))
    .where('product_id', '=', productId);
  if (variantId) q = q.where('variant_id', '=', variantId);
  return Number((await q.executeTakeFirst())?.n ?? 0);
}

const peakMilk = () =>
  created({
    name: `Peak Milk 400g ${Math.random()}`,
    unit: 'tin',
    price: 150000,
    cost_price: 120000,
    quantity: 100,
    packs: [{ name: 'carton', factor: 24, price: 3400000 }],
  });

describe('a product sold one way, with a carton', () => {
  it('keeps old bodies working: one variant with the product id, fields and stock', async () => {
    const p = await created({ name: 'Plain soap', quantity: 7 });
    expect(p.options).toEqual([]);
    expect(p.variants).toHaveLength(1);
    expect(p.variants[0]).toMatchObject({
      id: p.id,
      name: '',
      options: {},
      sku: p.sku,
      barcode: p.barcode,
      price: p.price,
      quantity: 7,
      packs: [],
    });
  });

  it('gives the carton a barcode of its own, and the scan of it names the pack', async () => {
    const p = await peakMilk();
    const carton = p.variants[0].packs[0];
    expect(carton).toMatchObject({ name: 'carton', factor: 24, price: 3400000 });
    expect(carton.barcode).toMatch(/^2\d{12}$/);
    const scan = await t.call('GET', `/product/search-barcode?barcode=${carton.barcode}`, { token: m.token });
    expect(scan.status).toBe(200);
    expect(scan.body.data).toMatchObject({
      id: p.id,
      variant_id: p.id,
      pack: { name: 'carton', factor: 24 },
    });
    const plain = await t.call('GET', `/product/search-barcode?barcode=${p.barcode}`, { token: m.token });
    expect(plain.body.data).toMatchObject({ id: p.id, variant_id: p.id, pack: null });
    // Another store's code is not found.
    const theirs = await t.call('GET', `/product/search-barcode?barcode=${carton.barcode}`, {
      token: other.token,
    });
    expect(theirs.status).toBe(404);
  });

  it('sells a carton at its price and takes 24 tins, with a ledger row in base units', async () => {
    const p = await peakMilk();
    const res = await order(t, m, {
      items: [{ product_id: p.id, pack: 'carton', quantity: 2 }],
      amount_received: 6800000,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const line = res.body.data.items[0];
    expect(line).toMatchObject({
      product_id: p.id,
      variant_id: p.id,
      pack: 'carton',
      pack_factor: 24,
      unit_price: 3400000,
      quantity: 2,
      total: 6800000,
    });
    expect((await get(p.id)).quantity).toBe(52);
    const rows = await t.db
      .selectFrom('stock_movements')
      .selectAll()
      .where('product_id', '=', p.id)
      .where('reason', '=', 'sale')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      quantity_change: -48,
      quantity_before: 100,
      quantity_after: 52,
      variant_id: p.id,
    });
    expect(await ledger(p.id)).toBe(52);
    // The list counts what sold in tins too, and carries the packs to count the stock in cartons.
    const list = await t.call('GET', '/product/paginated/results', {
      token: m.token,
      query: { search: p.name },
    });
    expect(list.body.data[0]).toMatchObject({
      units_sold: 48,
      variant_count: 1,
      packs: [{ name: 'carton', factor: 24 }],
    });
    expect(list.body.data[0]).not.toHaveProperty('variants');
  });

  it('refuses a carton when fewer than 24 tins are left and changes nothing', async () => {
    const p = await created({
      name: `Milo tin ${Math.random()}`,
      quantity: 30,
      packs: [{ name: 'carton', factor: 24, price: 100000 }],
    });
    const res = await order(t, m, { items: [{ product_id: p.id, pack: 'carton', quantity: 2 }] });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('Only 30 left');
    expect(res.body.error.fields['items.0.quantity']).toBe('Only 30 left');
    expect((await get(p.id)).quantity).toBe(30);
    expect(await ledger(p.id)).toBe(30);
  });

  it('refuses a pack the product does not have, naming the field', async () => {
    const p = await peakMilk();
    const res = await order(t, m, { items: [{ product_id: p.id, pack: 'crate', quantity: 1 }] });
    expect(res.status).toBe(422);
    expect(res.body.error.fields['items.0.pack']).toBe('Choose one of carton');
  });

  it('a refund of a carton returns its 24 tins', async () => {
    const p = await peakMilk();
    const sale = await order(t, m, {
      items: [
        { product_id: p.id, pack: 'carton', quantity: 1 },
        { product_id: p.id, quantity: 3 },
      ],
      amount_received: 3850000,
    });
    expect(sale.status).toBe(201);
    expect((await get(p.id)).quantity).toBe(73);
    const refund = await t.call('POST', `/order/${sale.body.data.id}/refund`, {
      token: m.token,
      body: { items: [{ product_id: p.id, pack: 'carton', quantity: 1 }], reason: 'Wrong size' },
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    expect((await get(p.id)).quantity).toBe(97);
    expect(await ledger(p.id)).toBe(97);
  });

  it('an adjustment counted in cartons moves factor × units', async () => {
    const p = await peakMilk();
    const res = await t.call('POST', `/product/${p.id}/adjust-stock`, {
      token: m.token,
      body: { quantity_change: -1, pack: 'carton', reason: 'damage' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.product.quantity).toBe(76);
    expect(res.body.data.movement).toMatchObject({ quantity_change: -24, variant_id: p.id });
  });

  it('refuses a pack barcode another product holds (409) and a pack of one unit (400)', async () => {
    const p = await peakMilk();
    const taken = await create({
      name: 'Copy',
      packs: [{ name: 'box', factor: 6, price: 1, barcode: p.barcode }],
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.fields['packs.0.barcode']).toMatch(/already used/);
    const one = await create({ name: 'Tiny', packs: [{ name: 'single', factor: 1, price: 1 }] });
    expect(one.status).toBe(400);
    expect(one.body.error.fields['packs.0.factor']).toBe('A pack holds at least 2 units');
  });
});

describe('a product with sizes', () => {
  const shirt = (quantities: Record<string, number> = { S: 5, M: 8, L: 0 }) =>
    created({
      name: `Ankara shirt ${Math.random()}`,
      price: 1200000,
      options: [{ name: 'Size', values: Object.keys(quantities) }],
      variants: Object.entries(quantities).map(([size, quantity]) => ({
        options: { Size: size },
        quantity,
        ...(size === 'L' ? { price: 1300000 } : {}),
      })),
    });

  it('creates a variant per size with its own codes, price and stock; the product counts their sum', async () => {
    const p = await shirt();
    expect(p.options).toEqual([{ name: 'Size', values: ['S', 'M', 'L'] }]);
    expect(p.variants.map((v: { name: string }) => v.name)).toEqual(['S', 'M', 'L']);
    expect(p.variants.map((v: { quantity: number }) => v.quantity)).toEqual([5, 8, 0]);
    expect(p.variants[0].id).toBe(p.id);
    expect(p.variants[2].price).toBe(1300000);
    expect(new Set(p.variants.map((v: { barcode: string }) => v.barcode)).size).toBe(3);
    expect(p.quantity).toBe(13);
    expect(await ledger(p.id, p.variants[1].id)).toBe(8);
  });

  it('names the option value of a product with one option value', async () => {
    const p = await created({
      name: `One size ${Math.random()}`,
      options: [{ name: 'Size', values: ['Free'] }],
    });
    expect(p.variants).toHaveLength(1);
    expect(p.variants[0]).toMatchObject({ id: p.id, name: 'Free', options: { Size: 'Free' } });
  });

  it('generates every combination when options come without variants', async () => {
    const p = await created({
      name: `Sneaker ${Math.random()}`,
      options: [
        { name: 'Size', values: ['40', '41'] },
        { name: 'Colour', values: ['Black', 'White'] },
      ],
    });
    expect(p.variants.map((v: { name: string }) => v.name)).toEqual([
      '40 / Black',
      '40 / White',
      '41 / Black',
      '41 / White',
    ]);
    expect(p.variants[3].options).toEqual({ Size: '41', Colour: 'White' });
  });

  it('asks which variant a line is, and moves only that variant', async () => {
    const p = await shirt();
    const vague = await order(t, m, { items: [{ product_id: p.id, quantity: 1 }] });
    expect(vague.status).toBe(422);
    expect(vague.body.error.fields['items.0.variant_id']).toBe('Choose one of S, M, L');
    const m8 = p.variants[1];
    const sale = await order(t, m, {
      items: [{ product_id: p.id, variant_id: m8.id, quantity: 3 }],
      amount_received: 3600000,
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    expect(sale.body.data.items[0]).toMatchObject({ variant_id: m8.id, variant_name: 'M', sku: m8.sku });
    const after = await get(p.id);
    expect(after.variants.map((v: { quantity: number }) => v.quantity)).toEqual([5, 5, 0]);
    expect(after.quantity).toBe(10);
    // Size L is out of stock: refused, nothing moved.
    const l = await order(t, m, { items: [{ product_id: p.id, variant_id: p.variants[2].id, quantity: 1 }] });
    expect(l.status).toBe(409);
    expect(l.body.message).toContain('(L)');
    expect((await get(p.id)).quantity).toBe(10);
  });

  it("refuses another product's variant on a line", async () => {
    const a = await shirt();
    const b = await shirt();
    const res = await order(t, m, {
      items: [{ product_id: a.id, variant_id: b.variants[1].id, quantity: 1 }],
    });
    expect(res.status).toBe(422);
    expect(res.body.error.fields['items.0.variant_id']).toBe('Not a variant of this product');
  });

  it('edits variants by id, adds a size, and archives a removed size that has history', async () => {
    const p = await shirt({ S: 0, M: 4 });
    await order(t, m, {
      items: [{ product_id: p.id, variant_id: p.variants[1].id, quantity: 4 }],
      amount_received: 4800000,
    });
    const res = await t.call('PUT', `/product/${p.id}`, {
      token: m.token,
      body: {
        options: [{ name: 'Size', values: ['S', 'XL'] }],
        variants: [
          { id: p.variants[0].id, options: { Size: 'S' }, price: 1100000, quantity: 2 },
          { options: { Size: 'XL' }, quantity: 6 },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = res.body.data;
    const active = after.variants.filter((v: { status: string }) => v.status === 'active');
    expect(active.map((v: { name: string; quantity: number }) => [v.name, v.quantity])).toEqual([
      ['S', 2],
      ['XL', 6],
    ]);
    expect(after.price).toBe(1100000);
    const m4 = after.variants.find((v: { id: string }) => v.id === p.variants[1].id);
    expect(m4.status).toBe('archived');
    expect(after.quantity).toBe(8);
    expect(await ledger(p.id)).toBe(8);
  });

  it('refuses to remove a size that still holds stock, and changes nothing', async () => {
    const p = await shirt({ S: 1, M: 2 });
    const res = await t.call('PUT', `/product/${p.id}`, {
      token: m.token,
      body: { options: [{ name: 'Size', values: ['S'] }] },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('M still has 2 in stock');
    expect((await get(p.id)).variants).toHaveLength(2);
  });

  it("another store's product and variant are 404", async () => {
    const p = await shirt();
    expect((await t.call('GET', `/product/${p.id}`, { token: other.token })).status).toBe(404);
    const res = await order(t, other, {
      items: [{ product_id: p.id, variant_id: p.variants[0].id, quantity: 1 }],
    });
    expect(res.status).toBe(404);
  });
});

describe('purchase orders in cartons', () => {
  it('a purchase order received in cartons adds their tins, and the cost of one tin', async () => {
    const p = await peakMilk();
    const vendor = (
      await t.call('POST', '/vendor', { token: m.token, body: { name: `Nestlé ${Math.random()}` } })
    ).body.data;
    const po = await t.call('POST', '/purchase_order', {
      token: m.token,
      body: {
        vendor_id: vendor.id,
        status: 'issued',
        items: [{ product_id: p.id, pack: 'carton', quantity: 3, unit_cost: 2880000 }],
      },
    });
    expect(po.status, JSON.stringify(po.body)).toBe(201);
    expect(po.body.data.items[0]).toMatchObject({ pack: 'carton', pack_factor: 24, quantity: 3 });
    const received = await t.call('POST', `/purchase_order/${po.body.data.id}/receive`, {
      token: m.token,
      body: { items: [{ product_id: p.id, quantity: 2 }] },
    });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    const after = await get(p.id);
    expect(after.quantity).toBe(148);
    expect(after.cost_price).toBe(120000);
    expect(await ledger(p.id)).toBe(148);
    // The order counts tins as stock does: 72 ordered, 48 received.
    expect(received.body.data).toMatchObject({
      quantity_ordered: 72,
      quantity_received: 48,
      received_percent: 66,
      status: 'partially_received',
    });
  });
});

describe('offline sales of a pack', () => {
  it('replays a carton sold offline once, taking its tins once', async () => {
    const p = await peakMilk();
    const soldAt = t.clock.now().toISOString();
    const send = () =>
      t.call('POST', '/order', {
        token: m.token,
        headers: { 'idempotency-key': `off-carton-${p.id}` },
        body: {
          items: [{ product_id: p.id, pack: 'carton', quantity: 1 }],
          payment_type: 'cash',
          channel: 'pos',
          amount_received: 3400000,
          offline: {
            number: 'OFF-CARTON1-1',
            sold_at: soldAt,
            catalogue_at: soldAt,
            unit_prices: [3400000],
            total: 3400000,
          },
        },
      });
    const first = await send();
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data.items[0]).toMatchObject({ pack: 'carton', pack_factor: 24 });
    const again = await send();
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect((await get(p.id)).quantity).toBe(76);
    expect(await ledger(p.id)).toBe(76);
  });
});

describe('under concurrency', () => {
  it('30 carton sales at once of 100 tins: exactly 4 go through, none oversells', async () => {
    const p = await peakMilk();
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        order(t, m, { items: [{ product_id: p.id, pack: 'carton', quantity: 1 }], amount_received: 3400000 }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(4);
    expect(results.filter((r) => r.status !== 201).every((r) => r.status === 409)).toBe(true);
    expect((await get(p.id)).quantity).toBe(4);
    expect(await ledger(p.id)).toBe(4);
  });

  it('30 sales at once across two sizes and their cartons keep each size and the sum right', async () => {
    const p = await created({
      name: `Sachet water ${Math.random()}`,
      options: [{ name: 'Size', values: ['50cl', '75cl'] }],
      variants: [
        { options: { Size: '50cl' }, quantity: 50, packs: [{ name: 'bag', factor: 20, price: 20000 }] },
        { options: { Size: '75cl' }, quantity: 50, packs: [{ name: 'bag', factor: 20, price: 30000 }] },
      ],
    });
    const [small, large] = p.variants;
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        order(t, m, {
          items: [
            { product_id: p.id, variant_id: (i % 2 ? small : large).id, pack: 'bag', quantity: 1 },
            { product_id: p.id, variant_id: (i % 2 ? large : small).id, quantity: 1 },
          ],
        }),
      ),
    );
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    const after = await get(p.id);
    expect(after.variants[0].quantity).toBeGreaterThanOrEqual(0);
    expect(after.variants[1].quantity).toBeGreaterThanOrEqual(0);
    expect(after.quantity).toBe(after.variants[0].quantity + after.variants[1].quantity);
    expect(await ledger(p.id, small.id)).toBe(after.variants[0].quantity);
    expect(await ledger(p.id, large.id)).toBe(after.variants[1].quantity);
    const sold = results.filter((r) => r.status === 201).length;
    expect(after.quantity).toBe(100 - sold * 21);
  });
});

describe('stock stays the sum of the ledger', () => {
  it('over random sales of packs and units, receipts and refunds, in base units', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({
              kind: fc.constant('sell' as const),
              pack: fc.boolean(),
              n: fc.integer({ min: 1, max: 3 }),
            }),
            fc.record({ kind: fc.constant('receive' as const), n: fc.integer({ min: 1, max: 40 }) }),
            fc.record({ kind: fc.constant('refund' as const) }),
          ),
          { minLength: 1, maxLength: 8 },
        ),
        async (ops) => {
          const p = await created({
            name: `Property milk ${Math.random()}`,
            quantity: 30,
            packs: [{ name: 'pack', factor: 6, price: 500000 }],
          });
          let expected = 30;
          const sales: string[] = [];
          for (const op of ops) {
            if (op.kind === 'sell') {
              const units = op.n * (op.pack ? 6 : 1);
              const res = await order(t, m, {
                items: [{ product_id: p.id, quantity: op.n, ...(op.pack ? { pack: 'pack' } : {}) }],
                amount_received: op.n * (op.pack ? 500000 : 150000),
              });
              if (units <= expected) {
                expect(res.status).toBe(201);
                expected -= units;
                sales.push(res.body.data.id);
              } else expect(res.status).toBe(409);
            } else if (op.kind === 'receive') {
              const res = await t.call('POST', `/product/${p.id}/adjust-stock`, {
                token: m.token,
                body: { quantity_change: op.n, reason: 'return' },
              });
              expect(res.status).toBe(201);
              expected += op.n;
            } else if (sales.length) {
              const id = sales.pop()!;
              const sold = (await t.call('GET', `/order/${id}`, { token: m.token })).body.data;
              const res = await t.call('POST', `/order/${id}/refund`, {
                token: m.token,
                body: { reason: 'Back' },
              });
              expect(res.status).toBe(201);
              expected += sold.items[0].quantity * sold.items[0].pack_factor;
            }
            const now = await get(p.id);
            expect(now.quantity).toBe(expected);
            expect(now.variants[0].quantity).toBe(expected);
            expect(await ledger(p.id)).toBe(expected);
          }
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe('sales by variant', () => {
  it('reports each size apart, in base units, beside the product total', async () => {
    const p = await created({
      name: `Report shirt ${Math.random()}`,
      price: 100000,
      cost_price: 40000,
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [
        { options: { Size: 'S' }, quantity: 10, packs: [{ name: 'pack of 3', factor: 3, price: 270000 }] },
        { options: { Size: 'M' }, quantity: 10 },
      ],
    });
    const [s, mid] = p.variants;
    const sale = await order(t, m, {
      items: [
        { product_id: p.id, variant_id: s.id, pack: 'pack of 3', quantity: 1 },
        { product_id: p.id, variant_id: mid.id, quantity: 2 },
      ],
      amount_received: 470000,
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    const byVariant = await t.call('GET', '/sales_report/items', {
      token: m.token,
      query: { by: 'variant', search: 'Report shirt' },
    });
    expect(byVariant.status, JSON.stringify(byVariant.body)).toBe(200);
    const rows = byVariant.body.data.rows.filter((r: { product_id: string }) => r.product_id === p.id);
    expect(
      rows.map((r: { variant_name: string; quantity: number; revenue: number; cost: number }) => [
        r.variant_name,
        r.quantity,
        r.revenue,
        r.cost,
      ]),
    ).toEqual([
      ['S', 3, 270000, 120000],
      ['M', 2, 200000, 80000],
    ]);
    const byProduct = await t.call('GET', '/sales_report/items', {
      token: m.token,
      query: { search: 'Report shirt' },
    });
    const row = byProduct.body.data.rows.find((r: { product_id: string }) => r.product_id === p.id);
    expect(row).toMatchObject({ quantity: 5, revenue: 470000, cost: 200000, variant_id: null });
  });
});
