import { describe, expect, it } from 'vitest';
import {
  barcodeProblem,
  createProductBody,
  gtinCheckDigit,
  mixedUnits,
  updateProductBody,
} from './products.js';

describe('barcodes', () => {
  it('computes the GS1 check digit', () => {
    expect(gtinCheckDigit('590123412345')).toBe(7);
    expect(gtinCheckDigit('400638133393')).toBe(1);
    expect(gtinCheckDigit('9638507')).toBe(4); // EAN-8 96385074
  });

  it('accepts GTINs with a correct check digit and shop codes, refuses the rest', () => {
    expect(barcodeProblem('5901234123457')).toBeNull();
    expect(barcodeProblem('96385074')).toBeNull();
    expect(barcodeProblem('036000291452')).toBeNull();
    expect(barcodeProblem('INT-0042')).toBeNull();
    expect(barcodeProblem('5901234123458')).toContain('the last digit should be 7');
    expect(barcodeProblem('milk <script>')).toBe('Barcode may contain only letters, digits and - . _ /');
  });
});

describe('product bodies', () => {
  it('requires a name and a price in minor units, and keeps the sale price at most the price', () => {
    const result = createProductBody.safeParse({ name: 'Milo', price: 1000, sale_price: 1500 });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['sale_price', 'Sale price cannot be more than the price'],
    ]);
    expect(createProductBody.safeParse({ name: 'Milo', price: 1000 }).success).toBe(true);
  });

  it('needs at least one field in an update', () => {
    expect(updateProductBody.safeParse({}).success).toBe(false);
    expect(updateProductBody.safeParse({ quantity: 4 }).success).toBe(true);
  });
});

describe('mixedUnits', () => {
  it('counts the largest pack first and the rest in units', () => {
    const packs = [
      { name: 'pack', factor: 6 },
      { name: 'carton', factor: 24 },
    ];
    expect(mixedUnits(76, packs, 'tin')).toBe('3 carton + 4 tin');
    expect(mixedUnits(82, packs, 'tin')).toBe('3 carton + 1 pack + 4 tin');
    expect(mixedUnits(48, packs, 'tin')).toBe('2 carton');
    expect(mixedUnits(5, packs, 'tin')).toBe('5 tin');
    expect(mixedUnits(0, packs, 'tin')).toBe('0 tin');
    expect(mixedUnits(-3, packs, 'tin')).toBe('-3 tin');
    expect(mixedUnits(30, [], 'piece')).toBe('30 piece');
  });
});
