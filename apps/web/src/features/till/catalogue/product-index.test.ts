import type { Product, ProductVariant } from '@tillbook/contract/products';
import { describe, expect, it } from 'vitest';
import { emptyIndex, matchCode, putInIndex, removeFromIndex } from './product-index';

// The till's products in memory answer a scan offline as the server's barcode look-up does
// (issue 33): which product, which variant, and the pack when the code is a pack's.

const variant = (over: Partial<ProductVariant> & Pick<ProductVariant, 'id'>): ProductVariant => ({
  options: {},
  name: '',
  sku: '',
  barcode: '',
  price: 100_000,
  cost_price: null,
  sale_price: null,
  quantity: 10,
  low_stock_threshold: 2,
  stock_status: 'in_stock',
  image: null,
  status: 'active',
  packs: [],
  ...over,
});

const product = (over: Partial<Product> & Pick<Product, 'id' | 'name'>): Product =>
  ({
    sku: '',
    barcode: '',
    unit: 'piece',
    price: 100_000,
    sale_price: null,
    status: 'active',
    images: [],
    options: [],
    variants: [],
    ...over,
  }) as Product;

const milk = product({
  id: 'milk',
  name: 'Peak Milk 400g',
  sku: 'PEAK-400',
  barcode: '6151000000010',
  variants: [
    variant({
      id: 'milk',
      sku: 'PEAK-400',
      barcode: '6151000000010',
      packs: [
        { name: 'carton', factor: 24, barcode: '6151000000027', price: 2_200_000 },
        { name: 'half carton', factor: 12, barcode: null, price: 1_150_000 },
      ],
    }),
  ],
});

const shirt = product({
  id: 'shirt',
  name: 'T-shirt',
  sku: 'TEE-M',
  barcode: '2000000000015',
  options: [{ name: 'Size', values: ['M', 'L'] }],
  variants: [
    variant({ id: 'shirt', name: 'M', sku: 'TEE-M', barcode: '2000000000015' }),
    variant({
      id: 'shirt-l',
      name: 'L',
      sku: 'TEE-L',
      barcode: '2000000000022',
      packs: [{ name: 'bale', factor: 50, barcode: '2000000000039', price: 4_000_000 }],
    }),
  ],
});

function indexOf(...products: Product[]) {
  const index = emptyIndex();
  for (const p of products) putInIndex(index, p);
  return index;
}

const named = (m: ReturnType<typeof matchCode>) => m && [m.id, m.variant_id, m.pack?.name ?? null];

describe('the till’s product index: codes of variants and packs', () => {
  it('names the product’s own variant for its barcode and SKU', () => {
    const index = indexOf(milk, shirt);
    expect(named(matchCode(index, '6151000000010'))).toEqual(['milk', 'milk', null]);
    expect(named(matchCode(index, ' peak-400 '))).toEqual(['milk', 'milk', null]);
    // The whole product comes with the match, as the server's answer does.
    expect(matchCode(index, '6151000000010')).toMatchObject({
      name: 'Peak Milk 400g',
      variants: milk.variants,
    });
  });

  it('names the variant for a variant’s barcode or SKU', () => {
    const index = indexOf(milk, shirt);
    expect(named(matchCode(index, '2000000000022'))).toEqual(['shirt', 'shirt-l', null]);
    expect(named(matchCode(index, 'tee-l'))).toEqual(['shirt', 'shirt-l', null]);
    expect(named(matchCode(index, '2000000000015'))).toEqual(['shirt', 'shirt', null]);
  });

  it('names the variant and the pack for a pack’s barcode', () => {
    const index = indexOf(milk, shirt);
    expect(named(matchCode(index, '6151000000027'))).toEqual(['milk', 'milk', 'carton']);
    expect(matchCode(index, '6151000000027')?.pack).toEqual(milk.variants[0]!.packs[0]);
    expect(named(matchCode(index, '2000000000039'))).toEqual(['shirt', 'shirt-l', 'bale']);
    expect(matchCode(index, 'nothing')).toBeUndefined();
  });

  it('forgets the codes a product no longer has, and all of them when it goes', () => {
    const index = indexOf(milk, shirt);
    const withoutPacks = { ...milk, variants: [{ ...milk.variants[0]!, packs: [] }] };
    putInIndex(index, withoutPacks);
    expect(matchCode(index, '6151000000027')).toBeUndefined();
    expect(named(matchCode(index, '6151000000010'))).toEqual(['milk', 'milk', null]);
    removeFromIndex(index, 'shirt');
    expect(matchCode(index, '2000000000022')).toBeUndefined();
    expect(matchCode(index, '2000000000039')).toBeUndefined();
    expect(matchCode(index, 'tee-m')).toBeUndefined();
  });

  it('reads a product kept before variants existed (no `variants`) as its own variant', () => {
    const { variants: _v, ...older } = milk;
    const index = indexOf(older as Product);
    expect(named(matchCode(index, '6151000000010'))).toEqual(['milk', 'milk', null]);
  });
});
