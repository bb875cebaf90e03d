import { MAX_VARIANTS } from '@tillbook/contract/products';
import { describe, expect, it } from 'vitest';
import {
  combinationCount,
  combinations,
  comboKey,
  newRow,
  setAll,
  syncVariants,
  variantName,
  variantsWanted,
  withoutOption,
  type OptionValues,
} from './variant-values';

const size: OptionValues = { name: 'Size', values: ['S', 'M'] };
const colour: OptionValues = { name: 'Colour', values: ['Red', 'Blue', 'Green'] };
const names = (rows: { values: string[] }[]) => rows.map((r) => variantName(r.values));

describe('combinations', () => {
  it('makes every combination, the first option outermost', () => {
    expect([...combinations([size, colour])].map(variantName)).toEqual([
      'S / Red',
      'S / Blue',
      'S / Green',
      'M / Red',
      'M / Blue',
      'M / Green',
    ]);
    expect(combinationCount([size, colour])).toBe(6);
  });

  it('keeps making rows while a new option has no values yet', () => {
    const rows = [...combinations([size, { name: 'Colour', values: [] }])];
    expect(rows).toEqual([
      ['S', ''],
      ['M', ''],
    ]);
    expect([...combinations([{ name: 'Size', values: [] }])]).toEqual([]);
    expect(combinationCount([])).toBe(0);
  });
});

describe('the variants grid', () => {
  it('keeps what was typed in a row when a value is added', () => {
    const first = syncVariants([size], [], []);
    first[1] = { ...first[1]!, price: 1500, sku: 'TEE-M' };
    const next = syncVariants([{ ...size, values: ['S', 'M', 'L'] }], first, []);
    expect(names(next)).toEqual(['S', 'M', 'L']);
    expect(next[1]).toMatchObject({ price: 1500, sku: 'TEE-M' });
    expect(next[2]).toMatchObject({ price: null, sku: '', id: null });
  });

  it("makes each size's row its first colour when Colour gets values", () => {
    const bySize = syncVariants([size, { name: 'Colour', values: [] }], [], []);
    bySize[0] = { ...bySize[0]!, id: 'v-s', price: 900 };
    const next = syncVariants([size, { name: 'Colour', values: ['Red', 'Blue'] }], bySize, []);
    expect(names(next)).toEqual(['S / Red', 'S / Blue', 'M / Red', 'M / Blue']);
    expect(next.map((r) => r.id)).toEqual(['v-s', null, null, null]);
    expect(next[0]!.price).toBe(900);
  });

  it('gives a product without options its first combination (its id and stock stay)', () => {
    const own = { ...newRow([]), id: 'p1', stock: 12 };
    const next = syncVariants([size], [own], []);
    expect(next[0]).toMatchObject({ id: 'p1', stock: 12, values: ['S'] });
    expect(next[1]!.id).toBeNull();
  });

  it('leaves out removed combinations and drops rows of a removed value', () => {
    const all = syncVariants([size, colour], [], []);
    const removed = [comboKey(['M', 'Blue'])];
    const fewer = syncVariants([size, colour], all, removed);
    expect(names(fewer)).not.toContain('M / Blue');
    expect(fewer).toHaveLength(5);
    expect(variantsWanted([size, colour], removed)).toBe(5);
    // A removed key of a value no longer offered no longer counts.
    expect(variantsWanted([size, { ...colour, values: ['Red', 'Green'] }], removed)).toBe(4);
    const noGreen = syncVariants([size, { ...colour, values: ['Red', 'Blue'] }], fewer, removed);
    expect(names(noGreen)).toEqual(['S / Red', 'S / Blue', 'M / Red']);
  });

  it('stops at the most variants a product may have, and counts the rest', () => {
    const many: OptionValues[] = [
      { name: 'A', values: Array.from({ length: 20 }, (_, i) => `a${i}`) },
      { name: 'B', values: Array.from({ length: 20 }, (_, i) => `b${i}`) },
    ];
    expect(syncVariants(many, [], [])).toHaveLength(MAX_VARIANTS);
    expect(variantsWanted(many, [])).toBe(400);
  });

  it('takes an option out of every row and removed key', () => {
    const rows = syncVariants([size, colour], [], []);
    rows[3] = { ...rows[3]!, id: 'v-m-red' };
    const out = withoutOption([size, colour], rows, [comboKey(['S', 'Red'])], 1);
    expect(out.options).toEqual([size]);
    expect(out.removed).toEqual([comboKey(['S'])]);
    expect(names(out.variants)).toEqual(['M']);
    expect(out.variants[0]!.id).toBe('v-m-red');
  });
});

describe('bulk edit', () => {
  it('sets every price, and the stock of new rows only', () => {
    const rows = [{ ...newRow(['S']), id: 'v1', quantity: '7', stock: 7 }, newRow(['M']), newRow(['L'])];
    expect(setAll(rows, 'price', 2500).map((r) => r.price)).toEqual([2500, 2500, 2500]);
    expect(setAll(rows, 'quantity', '10').map((r) => r.quantity)).toEqual(['7', '10', '10']);
    // The rows given are left as they were.
    expect(rows.map((r) => r.price)).toEqual([null, null, null]);
  });
});
