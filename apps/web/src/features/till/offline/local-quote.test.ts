import 'fake-indexeddb/auto';
import type { Product, ProductVariant } from '@tillbook/contract/products';
import type { TillChanges } from '@tillbook/contract/till';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { applyChanges } from '../catalogue/catalogue-cache';
import { localQuote } from './local-quote';

// The cart priced on the device (decision 0036) with variants and packs (issue 33): a pack line
// at the pack's own price, a variant line at the variant's selling price, each line its own.

const variant = (over: Partial<ProductVariant> & Pick<ProductVariant, 'id'>): ProductVariant => ({
  options: {},
  name: '',
  sku: `SKU-${over.id}`,
  barcode: '',
  price: 50_000,
  cost_price: null,
  sale_price: null,
  quantity: 100,
  low_stock_threshold: 5,
  stock_status: 'in_stock',
  image: null,
  status: 'active',
  packs: [],
  ...over,
});

const product = (over: Partial<Product> & Pick<Product, 'id' | 'name' | 'variants'>): Product =>
  ({
    sku: `SKU-${over.id}`,
    barcode: '',
    unit: 'piece',
    price: 50_000,
    sale_price: null,
    status: 'active',
    track_stock: true,
    quantity: 100,
    images: [],
    category_ids: [],
    options: [],
    ...over,
  }) as Product;

/** A tin at 500.00 on sale at 450.00; a carton of 24 at 10,000.00 (no sale price on packs). */
const milk = product({
  id: 'milk',
  name: 'Peak Milk 400g',
  price: 50_000,
  sale_price: 45_000,
  variants: [
    variant({
      id: 'milk',
      price: 50_000,
      sale_price: 45_000,
      packs: [{ name: 'carton', factor: 24, barcode: null, price: 1_000_000 }],
    }),
  ],
});

const shirt = product({
  id: 'shirt',
  name: 'T-shirt',
  price: 500_000,
  options: [{ name: 'Size', values: ['M', 'L'] }],
  variants: [
    variant({ id: 'shirt', name: 'M', sku: 'TEE-M', price: 500_000 }),
    variant({ id: 'shirt-l', name: 'L', sku: 'TEE-L', price: 550_000, sale_price: 520_000 }),
  ],
});

let stores = 0;
async function storeWith(products: Product[]): Promise<string> {
  const storeId = `quote-store-${++stores}`;
  const changes: TillChanges = {
    cursor: 'c1',
    more: false,
    full: true,
    products,
    removed_product_ids: [],
    customers: [],
    discounts: [],
    tax_rules: [],
    shipping_rates: [],
    settings: {
      offline_max_hours: 24,
      offline_max_sales: 200,
      offline_stock_rule: 'allow_negative',
      shift_required: false,
    },
    store: { country: 'NG', state: 'Lagos', currency: 'NGN' },
    server_time: '2026-11-30T08:00:00.000Z',
  };
  await applyChanges(storeId, changes);
  return storeId;
}

async function refusalOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

describe('the local quote: variants and packs', () => {
  it('prices a carton at the pack’s price and tins at the sale price, on two lines of one product', async () => {
    const storeId = await storeWith([milk, shirt]);
    const quote = await localQuote(storeId, {
      items: [
        { product_id: 'milk', pack: 'carton', quantity: 2 },
        { product_id: 'milk', quantity: 3 },
        { product_id: 'shirt', variant_id: 'shirt-l', quantity: 1 },
        { product_id: 'shirt', variant_id: 'shirt', quantity: 1, discount: 10_000 },
      ],
    });
    expect(
      quote.items.map((i) => [i.product_id, i.sku, i.unit_price, i.list_price, i.quantity, i.total]),
    ).toEqual([
      ['milk', 'SKU-milk', 1_000_000, 1_000_000, 2, 2_000_000],
      ['milk', 'SKU-milk', 45_000, 50_000, 3, 135_000],
      ['shirt', 'TEE-L', 520_000, 550_000, 1, 520_000],
      ['shirt', 'TEE-M', 500_000, 500_000, 1, 490_000],
    ]);
    // The price charged per line, in the body's order: what the outbox sends as `unit_prices`.
    expect(quote.unit_prices).toEqual([1_000_000, 45_000, 520_000, 500_000]);
    expect(quote.subtotal).toBe(2_000_000 + 135_000 + 520_000 + 490_000);
    expect(quote.total).toBe(quote.subtotal);
  });

  it('refuses a line of a product with several variants that names none, and a pack it lacks, by field', async () => {
    const storeId = await storeWith([milk, shirt]);
    const noVariant = await refusalOf(localQuote(storeId, { items: [{ product_id: 'shirt', quantity: 1 }] }));
    expect(noVariant.status).toBe(422);
    expect(noVariant.fields).toEqual({ 'items.0.variant_id': 'Choose which T-shirt to sell' });
    const noPack = await refusalOf(
      localQuote(storeId, {
        items: [
          { product_id: 'milk', quantity: 1 },
          { product_id: 'milk', pack: 'pallet', quantity: 1 },
        ],
      }),
    );
    expect(noPack.fields).toEqual({ 'items.1.pack': 'Peak Milk 400g is not sold in a pallet' });
    const unknown = await refusalOf(localQuote(storeId, { items: [{ product_id: 'gone', quantity: 1 }] }));
    expect(unknown.fields).toEqual({ 'items.0.product_id': 'Not on this till: connect to sell it' });
  });

  it('still prices a product archived since it went in the cart, as the server records it', async () => {
    const storeId = await storeWith([{ ...milk, status: 'archived' }]);
    const quote = await localQuote(storeId, { items: [{ product_id: 'milk', pack: 'carton', quantity: 1 }] });
    expect(quote.total).toBe(1_000_000);
  });
});
