import type { Product, ProductVariant } from '@tillbook/contract/products';
import { describe, expect, it } from 'vitest';
import { packAdjustment } from './adjust-stock-modal';
import { labelChoices, labelSheet } from './label-choices';
import { stockText, variantLabel, variantSummary } from './stock-text';

const variant = (over: Partial<ProductVariant>): ProductVariant => ({
  id: 'p1',
  options: {},
  name: '',
  sku: 'SKU-1',
  barcode: '2000000000015',
  price: 150000,
  cost_price: null,
  sale_price: null,
  quantity: 76,
  low_stock_threshold: 5,
  stock_status: 'in_stock',
  image: null,
  status: 'active',
  packs: [],
  ...over,
});

type Listed = Pick<Product, 'id' | 'name' | 'quantity' | 'unit' | 'track_stock' | 'variants'>;
const tin: Listed = {
  id: 'p1',
  name: 'Peak milk',
  quantity: 76,
  unit: 'tin',
  track_stock: true,
  variants: [variant({ packs: [{ name: 'carton', factor: 24, barcode: '12345678', price: 3400000 }] })],
};
const tee: Listed = {
  id: 'p2',
  name: 'Tee',
  quantity: 42,
  unit: 'piece',
  track_stock: true,
  variants: [
    variant({ id: 'p2', name: 'S', quantity: 20 }),
    variant({ id: 'v-m', name: 'M', quantity: 22, barcode: '2000000000022', sale_price: 90000 }),
    variant({ id: 'v-l', name: 'L', quantity: 0, status: 'archived' }),
  ],
};

describe('stock in the products list', () => {
  it('counts a product with packs in packs, and one without as a number', () => {
    expect(stockText(tin)).toBe('3 carton + 4 tin');
    expect(stockText({ ...tin, quantity: 1200, variants: [variant({})] })).toBe('1,200');
    // Variants may have different packs: their sum stays in units.
    expect(stockText(tee)).toBe('42');
  });

  it('sums up a product with more than one active variant under its name', () => {
    expect(variantSummary(tee)).toBe('2 variants · 42 in stock');
    expect(variantSummary({ ...tee, track_stock: false })).toBe('2 variants');
    expect(variantSummary(tin)).toBeNull();
    expect(variantSummary({ ...tee, variants: tee.variants.slice(0, 1) })).toBeNull();
  });

  it('reads a list row, which carries the count of variants and the packs of its only one', () => {
    const row = {
      quantity: 76,
      unit: 'tin',
      track_stock: true,
      variant_count: 1,
      packs: tin.variants[0]!.packs,
    };
    expect(stockText(row)).toBe('3 carton + 4 tin');
    expect(variantSummary(row)).toBeNull();
    const sizes = { quantity: 42, unit: 'piece', track_stock: true, variant_count: 3, packs: [] };
    expect(stockText(sizes)).toBe('42');
    expect(variantSummary(sizes)).toBe('3 variants · 42 in stock');
  });

  it("names a movement's variant where the product has several", () => {
    expect(variantLabel(tee, 'v-m')).toBe('M');
    expect(variantLabel(tee, 'gone')).toBe('Removed variant');
    expect(variantLabel(tin, 'p1')).toBe('');
  });
});

describe('stock adjusted in packs', () => {
  const carton = { name: 'carton', factor: 24 };
  it('sends whole packs as packs, and a count as the difference in units', () => {
    expect(packAdjustment('damage', 76, 2, 'add', carton)).toEqual({
      change: -48,
      quantity_change: -2,
      pack: 'carton',
    });
    expect(packAdjustment('return', 76, 1, 'add', carton)).toEqual({
      change: 24,
      quantity_change: 1,
      pack: 'carton',
    });
    expect(packAdjustment('count', 76, 3, 'add', carton)).toEqual({ change: -4, quantity_change: -4 });
    expect(packAdjustment('other', 76, 5, 'remove', null)).toEqual({ change: -5, quantity_change: -5 });
  });
});

describe('barcode labels', () => {
  it('offers each active variant and each pack with its own barcode', () => {
    const choices = labelChoices({ ...tee, barcode: '', price: 0, sale_price: null });
    expect(choices.map((c) => [c.detail, c.barcode, c.price])).toEqual([
      ['S', '2000000000015', 150000],
      ['M', '2000000000022', 90000],
    ]);
    const packed = labelChoices({ ...tin, barcode: '', price: 0, sale_price: null });
    expect(packed.map((c) => [c.detail, c.barcode, c.price])).toEqual([
      ['', '2000000000015', 150000],
      ['carton of 24', '12345678', 3400000],
    ]);
  });

  it('prints each chosen label as many times as asked', () => {
    const choices = labelChoices({ ...tin, barcode: '', price: 0, sale_price: null });
    const sheet = labelSheet(choices, { p1: 2, 'p1/carton': 1 });
    expect(sheet.map((c) => c.detail)).toEqual(['', '', 'carton of 24']);
    expect(labelSheet(choices, { p1: 0 })).toEqual([]);
  });
});
