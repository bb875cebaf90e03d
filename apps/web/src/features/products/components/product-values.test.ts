import { barcodeProblem } from '@tillbook/contract/products';
import { describe, expect, it } from 'vitest';
import { adjustmentChange } from './adjust-stock-modal';
import type { Product } from '@tillbook/contract/products';
import {
  blankProduct,
  fromProduct,
  generateBarcode,
  optionsOn,
  productBody,
  toProductBody,
  type ProductValues,
} from './product-values';
import { newRow, syncVariants } from './variant-values';

const saved: Product = {
  id: 'p1',
  name: 'Peak milk 400g',
  description: null,
  sku: 'PEAK-400',
  barcode: '2000000000015',
  unit: 'tin',
  price: 150000,
  cost_price: 120000,
  sale_price: null,
  track_stock: true,
  quantity: 76,
  low_stock_threshold: 5,
  stock_status: 'in_stock',
  status: 'active',
  images: [],
  category_ids: [],
  categories: [],
  category: null,
  options: [],
  variants: [
    {
      id: 'p1',
      options: {},
      name: '',
      sku: 'PEAK-400',
      barcode: '2000000000015',
      price: 150000,
      cost_price: 120000,
      sale_price: null,
      quantity: 76,
      low_stock_threshold: 5,
      stock_status: 'in_stock',
      image: null,
      status: 'active',
      packs: [{ name: 'carton', factor: 24, barcode: null, price: 3400000 }],
    },
  ],
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
};

const shirt: Product = {
  ...saved,
  id: 'p2',
  name: 'Tee',
  unit: 'piece',
  options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
  quantity: 9,
  variants: [
    { ...saved.variants[0]!, id: 'p2', options: { Size: 'S' }, name: 'S', quantity: 4, packs: [] },
    {
      ...saved.variants[0]!,
      id: 'v-m',
      options: { Size: 'M' },
      name: 'M',
      quantity: 5,
      cost_price: 99000,
      packs: [],
    },
    { ...saved.variants[0]!, id: 'v-l', options: { Size: 'L' }, name: 'L', status: 'archived', packs: [] },
  ],
};

describe('product form', () => {
  it('sends amounts in minor units and opening stock only for a new product', () => {
    const values = {
      ...blankProduct,
      name: ' Milo 500g ',
      price: 250050,
      cost_price: 180000,
      quantity: '12',
    };
    const created = productBody(values, true);
    expect(created.body).toMatchObject({
      name: 'Milo 500g',
      price: 250050,
      cost_price: 180000,
      sale_price: null,
      quantity: 12,
    });
    const edited = productBody(values, false);
    expect(edited.body).not.toHaveProperty('quantity');
  });

  it('names each bad field', () => {
    // The money box holds NaN while what is typed is not an amount ("12abc").
    const result = productBody(
      { ...blankProduct, price: Number.NaN, sale_price: null, low_stock_threshold: '2.5' },
      true,
    );
    expect(result.errors).toEqual({
      name: 'Product name is required',
      price: 'Enter price as a number, like 1500 or 1,500.50',
      low_stock_threshold: 'Low-stock threshold must be a whole number',
    });
    expect(productBody({ ...blankProduct, name: 'A', price: 10000, sale_price: 15000 }, true).errors).toEqual(
      {
        sale_price: 'Sale price cannot be more than the price',
      },
    );
  });

  it('sends the old body for a product without options, and packs once it has any', () => {
    const plain = productBody({ ...blankProduct, name: 'Rice', price: 500000 }, true).body!;
    expect(plain).not.toHaveProperty('options');
    expect(plain).not.toHaveProperty('variants');
    expect(plain).not.toHaveProperty('packs');
    const edited = productBody(fromProduct(saved), false).body!;
    expect(edited).not.toHaveProperty('options');
    expect(edited.packs).toEqual([{ name: 'carton', factor: 24, barcode: null, price: 3400000 }]);
    // Every pack taken away is still sent, as none.
    expect(productBody({ ...fromProduct(saved), packs: [] }, false).body!.packs).toEqual([]);
  });

  it('names a pack without a price or with a bad count', () => {
    const values: ProductValues = {
      ...blankProduct,
      name: 'Rice',
      price: 500000,
      packs: [
        { name: 'bag', factor: '1', barcode: '', price: null },
        { name: 'sack', factor: 'x', barcode: '', price: Number.NaN },
      ],
    };
    expect(productBody(values, true).errors).toEqual({
      'packs.0.factor': 'A pack holds at least 2 units',
      'packs.0.price': 'Pack price is required',
      'packs.1.factor': 'Units per pack must be a whole number',
      'packs.1.price': 'Enter pack price as a number, like 1500 or 1,500.50',
    });
  });

  it('sends options and one variant per row, each with its own opening stock', () => {
    const options = [
      { name: ' Size ', values: ['S', 'M'] },
      { name: 'Colour', values: ['Red'] },
    ];
    const rows = syncVariants(options, [], []);
    rows[1] = { ...rows[1]!, price: 2000, quantity: '3', sku: 'TEE-M-RED' };
    const values: ProductValues = {
      ...blankProduct,
      name: 'Tee',
      price: 1500,
      quantity: '40',
      sku: 'ignored',
      has_options: true,
      options,
      variants: rows,
    };
    const body = productBody(values, true).body!;
    expect(body).not.toHaveProperty('quantity');
    expect(body).not.toHaveProperty('sku');
    expect(body.options).toEqual([
      { name: 'Size', values: ['S', 'M'] },
      { name: 'Colour', values: ['Red'] },
    ]);
    expect(body.variants).toEqual([
      { options: { Size: 'S', Colour: 'Red' }, sku: null, barcode: null, quantity: 0, packs: [] },
      {
        options: { Size: 'M', Colour: 'Red' },
        sku: 'TEE-M-RED',
        barcode: null,
        price: 2000,
        quantity: 3,
        packs: [],
      },
    ]);
    expect(productBody({ ...values, has_options: false }, true).body).not.toHaveProperty('variants');
  });

  it('sends saved variants by id, without their stock, keeping their own cost', () => {
    const values = fromProduct(shirt);
    expect(values.variants.map((v) => v.id)).toEqual(['p2', 'v-m']);
    expect(values.removed).toEqual(['["L"]']);
    const body = toProductBody(values, false);
    expect(body.variants).toEqual([
      {
        id: 'p2',
        options: { Size: 'S' },
        sku: 'PEAK-400',
        barcode: '2000000000015',
        price: 150000,
        packs: [],
      },
      {
        id: 'v-m',
        options: { Size: 'M' },
        sku: 'PEAK-400',
        barcode: '2000000000015',
        price: 150000,
        cost_price: 99000,
        packs: [],
      },
    ]);
  });

  it('names the field of a variant or its pack by its place in the grid', () => {
    const values = fromProduct(shirt);
    values.variants[1] = {
      ...values.variants[1]!,
      price: Number.NaN,
      packs: [{ name: '', factor: '6', barcode: '', price: 500 }],
    };
    expect(productBody(values, false).errors).toEqual({
      'variants.1.price': 'Enter price as a number, like 1500 or 1,500.50',
      'variants.1.packs.0.name': 'Pack name is required',
    });
  });

  it('brings a saved product into its first variant when options are switched on', () => {
    const on = { ...fromProduct(saved), ...optionsOn(fromProduct(saved)) };
    expect(on.options).toEqual([{ name: '', values: [] }]);
    const options = [{ name: 'Flavour', values: ['Full cream', 'Skimmed'] }];
    const rows = syncVariants(options, on.variants, on.removed);
    expect(rows[0]).toMatchObject({ id: 'p1', stock: 76, sku: 'PEAK-400' });
    expect(rows[0]!.packs).toHaveLength(1);
    expect(rows[1]).toEqual({ ...newRow(['Skimmed']) });
  });

  it('keeps only its own variant when a saved product turns its options off', () => {
    const body = toProductBody({ ...fromProduct(shirt), has_options: false }, false);
    expect(body.options).toEqual([]);
    expect(body.variants).toEqual([{ id: 'p2', options: {} }]);
    expect(body.sku).toBe('PEAK-400');
  });

  it('generates valid in-store EAN-13 barcodes', () => {
    for (let i = 0; i < 20; i++) {
      const code = generateBarcode();
      expect(code).toMatch(/^2\d{12}$/);
      expect(barcodeProblem(code)).toBeNull();
    }
  });
});

describe('stock adjustment', () => {
  it('turns a count into the difference and damage or loss into a removal', () => {
    expect(adjustmentChange('count', 10, 7, 'add')).toBe(-3);
    expect(adjustmentChange('count', 10, 14, 'add')).toBe(4);
    expect(adjustmentChange('damage', 10, 2, 'add')).toBe(-2);
    expect(adjustmentChange('loss', 10, 1, 'add')).toBe(-1);
    expect(adjustmentChange('return', 10, 3, 'remove')).toBe(3);
    expect(adjustmentChange('other', 10, 3, 'remove')).toBe(-3);
    expect(adjustmentChange('other', 10, 3, 'add')).toBe(3);
  });
});
