import { mixedUnits as contractMixedUnits } from '@tillbook/contract/product-model';
import { describe, expect, it } from 'vitest';
import { mixedUnits } from './sellable';

describe('mixed units on the till', () => {
  it('counts stock as the contract does (the till keeps its own copy, free of zod)', () => {
    const packs = [
      { name: 'carton', factor: 24 },
      { name: 'half carton', factor: 12 },
      { name: 'single', factor: 1 },
    ];
    const cases: Array<[number, typeof packs]> = [
      [76, packs],
      [24, packs],
      [11, packs],
      [0, packs],
      [-3, packs],
      [37, []],
      [49, [packs[1]!]],
    ];
    for (const [quantity, list] of cases)
      expect(mixedUnits(quantity, list, 'tin')).toBe(contractMixedUnits(quantity, list, 'tin'));
    expect(mixedUnits(76, packs, 'tin')).toBe('3 carton + 4 tin');
  });
});
