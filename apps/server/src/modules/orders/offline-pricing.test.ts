import fc from 'fast-check';
import { PricingError, priceTillCart } from '@tillbook/contract/pricing';
import type { TillChanges } from '@tillbook/contract/till';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type Merchant } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createProduct } from '../../test/sales-fixtures.js';

/**
 * The till prices a sale offline with the contract's `priceTillCart`, from its copy of the
 * catalogue (`GET /till/changes`); the server prices the same cart with `priceCart`. For every
 * generated cart the two must agree to the kobo, or both refuse it (decision 0036).
 */
let t: TestApp;
let m: Merchant;
let copy: TillChanges;

beforeAll(async () => {
  t = await createTestApp();
  m = await createMerchant(t);
  const category = await t.call<{ data: { id: string } }>('POST', '/product/category', {
    token: m.token,
    body: { name: 'Drinks' },
  });
  const drinks = category.body.data.id;
  const products = [
    { price: 50_000 },
    { price: 12_345, sale_price: 9_999 },
    { price: 99_999_99 },
    { price: 1 },
    { price: 75_050, category_ids: [drinks] },
    { price: 333_33, sale_price: 0 },
  ];
  for (const [i, p] of products.entries()) {
    await createProduct(t, m, { name: `Priced ${i}`, quantity: 100_000, ...p });
  }
  await t.call('POST', '/tax', {
    token: m.token,
    body: {
      country: 'Nigeria',
      states: ['*'],
      rates: [
        { name: 'VAT', rate: 7.5 },
        { name: 'Levy', rate: 0.25 },
      ],
    },
  });
  await t.call('POST', '/tax', {
    token: m.token,
    body: { country: 'Nigeria', states: ['Lagos'], rates: [{ name: 'VAT', rate: 7.5 }], inclusive: true },
  });
  const discounts = [
    { name: 'Pct', code: 'PCT125', type: 'percentage', value: 12.5 },
    { name: 'Fixed', code: 'FIX500', type: 'fixed', value: 500_00 },
    { name: 'Min', code: 'MIN1K', type: 'fixed', value: 100_00, min_order_amount: 1_000_00 },
    {
      name: 'Drinks',
      code: 'DRINK33',
      type: 'percentage',
      value: 33.33,
      applies_to: 'categories',
      category_ids: [drinks],
    },
  ];
  for (const d of discounts) {
    const res = await t.call('POST', '/discounts', { token: m.token, body: d });
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  }
  await t.call('POST', '/shipping', {
    token: m.token,
    body: { name: 'Island', country: 'Nigeria', fee: 2_500_00, is_active: true },
  });
  copy = (await t.call<{ data: TillChanges }>('GET', '/till/changes', { token: m.token })).body.data;
});
afterAll(async () => t.close());

const cartArbitrary = () =>
  fc.record({
    lines: fc.uniqueArray(
      fc.record({
        product: fc.nat({ max: 5 }),
        quantity: fc.integer({ min: 1, max: 40 }),
        discountPermille: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 200 })),
      }),
      { minLength: 1, maxLength: 6, selector: (l) => l.product },
    ),
    discount: fc.option(fc.nat({ max: 3 }), { nil: null }),
    shipping: fc.boolean(),
  });

describe('local pricing against the server (property)', () => {
  it('gives the same totals as the server quote for every generated cart', async () => {
    const store = { country: 'Nigeria', state: 'Lagos' };
    await fc.assert(
      fc.asyncProperty(cartArbitrary(), async (cart) => {
        const products = [...copy.products].sort((a, b) => a.name.localeCompare(b.name));
        const lines = cart.lines.map((l) => {
          const product = products[l.product]!;
          const unit =
            product.sale_price && product.sale_price < product.price ? product.sale_price : product.price;
          return {
            product,
            quantity: l.quantity,
            discount: Math.floor((unit * l.quantity * l.discountPermille) / 1000),
          };
        });
        const discount = cart.discount === null ? null : copy.discounts[cart.discount]!;
        const shipping = cart.shipping ? copy.shipping_rates[0]! : null;
        const body = {
          items: lines.map((l) => ({
            product_id: l.product.id,
            quantity: l.quantity,
            ...(l.discount ? { discount: l.discount } : {}),
          })),
          ...(discount ? { discount_code: discount.code } : {}),
          ...(shipping ? { shipping_id: shipping.id } : {}),
        };
        const server = await t.call<{
          data: { subtotal: number; discount: number; tax: number; total: number };
        }>('POST', '/order/quote', { token: m.token, body });
        let local: ReturnType<typeof priceTillCart> | PricingError;
        try {
          local = priceTillCart({ lines, discount, taxRules: copy.tax_rules, destination: store, shipping });
        } catch (error) {
          if (!(error instanceof PricingError)) throw error;
          local = error;
        }
        if (local instanceof PricingError) {
          expect(server.status).toBe(422);
          return;
        }
        expect(server.status).toBe(200);
        expect({
          subtotal: local.subtotal,
          discount: local.discount,
          tax: local.tax,
          total: local.total,
        }).toEqual({
          subtotal: server.body.data.subtotal,
          discount: server.body.data.discount,
          tax: server.body.data.tax,
          total: server.body.data.total,
        });
      }),
      { numRuns: 150 },
    );
  });
});
