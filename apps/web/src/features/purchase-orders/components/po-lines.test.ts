import { describe, expect, it } from 'vitest';
import {
  addProduct,
  baseUnitsText,
  changeUnit,
  lineKey,
  linesUnits,
  lineTotal,
  linesTotal,
  needsVariantChoice,
  poLineLabel,
  toApiLines,
  type DraftLine,
  type FoundProduct,
} from './po-lines';

const milo = { id: 'p1', name: 'Milo 500g', sku: 'SKU-1', barcode: '2000000000015', cost_price: 185000 };
const nido = { id: 'p2', name: 'Nido 400g', sku: 'SKU-2', barcode: '2000000000022', cost_price: null };

const variant = (
  id: string,
  name: string,
  extra: Partial<NonNullable<FoundProduct['variants']>[number]> = {},
) => ({
  id,
  name,
  sku: `SKU-${id}`,
  barcode: `200${id}`,
  cost_price: 1000,
  status: 'active',
  packs: [],
  ...extra,
});

/** A tin of milk sold one way, bought also by the carton of 24 and the half of 12. */
const peak: FoundProduct = {
  id: 'p3',
  name: 'Peak Milk 400g',
  unit: 'tin',
  sku: 'PEAK',
  barcode: '2003',
  cost_price: 1400,
  variants: [
    variant('p3', '', {
      cost_price: 1400,
      packs: [
        { name: 'carton', factor: 24 },
        { name: 'half', factor: 12 },
      ],
    }),
  ],
};

/** A shirt in two sizes (and an archived one); the first size is the product's own. */
const shirt: FoundProduct = {
  id: 'p4',
  name: 'Ankara Shirt',
  unit: 'piece',
  sku: 'SHIRT',
  barcode: '2004',
  cost_price: 6000,
  variants: [
    variant('p4', 'S', { cost_price: 6000 }),
    variant('v-m', 'M', { cost_price: 6500, packs: [{ name: 'bundle', factor: 10 }] }),
    variant('v-xl', 'XL', { status: 'archived' }),
  ],
};

describe('purchase-order lines', () => {
  it('adds a product once and raises its quantity on a second scan', () => {
    let lines: DraftLine[] = [];
    lines = addProduct(lines, milo);
    lines = addProduct(lines, nido);
    lines = addProduct(lines, milo);
    expect(lines.map((l) => [l.product_id, l.quantity])).toEqual([
      ['p1', 2],
      ['p2', 1],
    ]);
    expect(lines[0]!.unit_cost).toBe(185000);
    expect(lines[1]!.unit_cost).toBeNull();
    // A copy from before variants: its own variant, not named, by the unit.
    expect(lines[0]).toMatchObject({ variant_id: 'p1', named: false, pack: null, pack_factor: 1, packs: [] });
  });

  it('keys lines by product, variant and pack: a carton and tins of one product are two lines', () => {
    let lines: DraftLine[] = [];
    lines = addProduct(lines, peak);
    lines = addProduct(lines, peak, { variant_id: 'p3', pack: 'carton' });
    lines = addProduct(lines, peak, { pack: 'Carton' });
    lines = addProduct(lines, shirt, { variant_id: 'v-m' });
    lines = addProduct(lines, shirt, { variant_id: 'p4' });
    lines = addProduct(lines, shirt, { variant_id: 'v-m' });
    expect(lines.map((l) => [lineKey(l), l.quantity, l.unit_cost])).toEqual([
      ['p3|p3|', 1, 1400],
      // The pack's cost is the variant's per tin times its tins.
      ['p3|p3|carton', 2, 33600],
      ['p4|v-m|', 2, 6500],
      ['p4|p4|', 1, 6000],
    ]);
    expect(lines[2]).toMatchObject({
      variant_name: 'M',
      named: true,
      sku: 'SKU-v-m',
      packs: [{ name: 'bundle' }],
    });
    // The product's own size is named too: the server cannot tell it from the others otherwise.
    expect(lines[3]).toMatchObject({ variant_name: 'S', named: true });
  });

  it('asks which variant of a product with several, and refuses one it does not sell', () => {
    expect(needsVariantChoice(shirt)).toBe(true);
    expect(needsVariantChoice(peak)).toBe(false);
    expect(needsVariantChoice(milo)).toBe(false);
    expect(() => addProduct([], shirt)).toThrow('Choose which Ankara Shirt to order');
    expect(() => addProduct([], shirt, { variant_id: 'v-xl' })).toThrow('Choose which Ankara Shirt');
    expect(() => addProduct([], peak, { pack: 'pallet' })).toThrow('Peak Milk 400g has no pack "pallet"');
  });

  it('names a line by its variant and pack, and counts a pack in base units', () => {
    const [carton] = addProduct([], peak, { pack: 'carton' });
    expect(poLineLabel({ ...carton!, name: 'Ankara Shirt', variant_name: 'M' })).toBe(
      'Ankara Shirt (M) · carton of 24',
    );
    expect(poLineLabel({ name: 'Milo 500g', variant_name: null, pack: null, pack_factor: 1 })).toBe(
      'Milo 500g',
    );
    expect(baseUnitsText({ ...carton!, quantity: 3 })).toBe('3 carton = 72 tin');
    expect(baseUnitsText(addProduct([], peak)[0]!)).toBeNull();
    expect(linesUnits([{ ...carton!, quantity: 3 }, addProduct([], peak)[0]!])).toBe(73);
  });

  it('changes a line to another unit, its cost carried over per base unit', () => {
    const [tins] = addProduct([], peak);
    const carton = changeUnit(tins!, 'carton');
    expect(carton).toMatchObject({ pack: 'carton', pack_factor: 24, unit_cost: 33600 });
    expect(changeUnit(carton, 'half')).toMatchObject({ pack: 'half', pack_factor: 12, unit_cost: 16800 });
    expect(changeUnit(carton, null)).toMatchObject({ pack: null, pack_factor: 1, unit_cost: 1400 });
    // An empty cost, or one that is not an amount, is left for the person.
    expect(changeUnit({ ...tins!, unit_cost: null }, 'carton').unit_cost).toBeNull();
    expect(changeUnit({ ...tins!, unit_cost: Number.NaN }, 'carton').unit_cost).toBeNaN();
  });

  it('sends the variant and pack only where they say something', () => {
    let lines: DraftLine[] = [];
    lines = addProduct(lines, milo);
    lines = addProduct(lines, peak);
    lines = addProduct(lines, peak, { pack: 'carton' });
    lines = addProduct(lines, shirt, { variant_id: 'p4' });
    expect(toApiLines(lines)).toEqual([
      { product_id: 'p1', quantity: 1, unit_cost: 185000 },
      { product_id: 'p3', quantity: 1, unit_cost: 1400 },
      { product_id: 'p3', pack: 'carton', quantity: 1, unit_cost: 33600 },
      { product_id: 'p4', variant_id: 'p4', quantity: 1, unit_cost: 6000 },
    ]);
  });

  it('totals lines in minor units and leaves a cost that is not an amount out', () => {
    const [a] = addProduct([], { ...milo, cost_price: 125050 });
    const [b] = addProduct([], nido);
    const lines: DraftLine[] = [
      { ...a!, quantity: 3 },
      { ...b!, quantity: 2 },
    ];
    expect(lineTotal(lines[0]!)).toBe(375150);
    expect(linesTotal(lines)).toBe(375150);
    expect(toApiLines(lines)).toEqual([
      { product_id: 'p1', quantity: 3, unit_cost: 125050 },
      { product_id: 'p2', quantity: 2, unit_cost: 0 },
    ]);
    // What the money input holds for "12.345": not an amount.
    const bad = { ...lines[0]!, unit_cost: Number.NaN };
    expect(lineTotal(bad)).toBeNull();
    expect(linesTotal([bad, lines[0]!])).toBe(375150);
  });
});
