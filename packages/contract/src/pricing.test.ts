import { describe, expect, it } from 'vitest';
import {
  allocate,
  mulDivHalfUp,
  PricingError,
  priceOrder,
  shareOfUnits,
  type PricingLine,
  type DiscountRule,
} from './pricing.js';

const line = (over: Partial<PricingLine> = {}): PricingLine => ({
  productId: 'p1',
  quantity: 1,
  unitPrice: 10_000,
  discount: 0,
  categoryIds: [],
  ...over,
});

const rule = (over: Partial<DiscountRule> = {}): DiscountRule => ({
  type: 'percentage',
  value: 1000,
  appliesTo: 'order',
  productIds: [],
  categoryIds: [],
  minOrderAmount: 0,
  ...over,
});

const problemOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof PricingError) return error.problem;
    throw error;
  }
  throw new Error('expected a PricingError');
};

describe('rounding and sharing helpers', () => {
  it('rounds half up to the minor unit', () => {
    expect(mulDivHalfUp(1005, 1250, 10_000)).toBe(126); // 125.625
    expect(mulDivHalfUp(1004, 1250, 10_000)).toBe(126); // 125.5
    expect(mulDivHalfUp(1003, 1250, 10_000)).toBe(125); // 125.375
    expect(mulDivHalfUp(333, 750, 10_000)).toBe(25); // 24.975
    expect(mulDivHalfUp(0, 750, 10_000)).toBe(0);
  });

  it('stays exact on amounts where floating point would not', () => {
    // 90,071,992,547.40 NGN at 99.99 % is 90,062,985,348.145 26: the product is past 2^53.
    expect(mulDivHalfUp(9_007_199_254_740, 9_999, 10_000)).toBe(9_006_298_534_815);
    expect(() => mulDivHalfUp(Number.MAX_SAFE_INTEGER, 3, 1)).toThrow(PricingError);
  });

  it('shares an amount by largest remainder, parts adding up exactly, earliest first on ties', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(126, [333, 333, 339])).toEqual([42, 42, 42]);
    expect(allocate(10, [0, 5, 5])).toEqual([0, 5, 5]);
    expect(allocate(7, [0, 0])).toEqual([0, 0]);
    const parts = allocate(999_999, [17, 4_003, 1, 88_888]);
    expect(parts.reduce((s, p) => s + p, 0)).toBe(999_999);
  });

  it('values units refunded a few at a time so they add up to the line', () => {
    const first = shareOfUnits(1000, 3, 0, 1);
    const second = shareOfUnits(1000, 3, 1, 1);
    const third = shareOfUnits(1000, 3, 2, 1);
    expect([first, second, third]).toEqual([333, 334, 333]);
    expect(shareOfUnits(1000, 3, 0, 3)).toBe(1000);
    expect(shareOfUnits(1000, 3, 1, 2)).toBe(667);
    expect(shareOfUnits(1000, 3, 0, 0)).toBe(0);
  });
});

describe('priceOrder', () => {
  it('adds line totals into the subtotal and the total with no rules', () => {
    const priced = priceOrder({
      lines: [
        line({ quantity: 2, unitPrice: 150_000 }),
        line({ productId: 'p2', quantity: 3, unitPrice: 45_050 }),
      ],
    });
    expect(priced.lines.map((l) => [l.gross, l.total, l.value])).toEqual([
      [300_000, 300_000, 300_000],
      [135_150, 135_150, 135_150],
    ]);
    expect(priced).toMatchObject({ subtotal: 435_150, discount: 0, tax: 0, shipping: 0, total: 435_150 });
  });

  it('takes line discounts off their line and refuses one larger than the line', () => {
    const priced = priceOrder({ lines: [line({ quantity: 3, unitPrice: 1_000, discount: 500 })] });
    expect(priced.lines[0]).toMatchObject({ gross: 3_000, discount: 500, total: 2_500 });
    expect(priced.total).toBe(2_500);
    expect(problemOf(() => priceOrder({ lines: [line(), line({ discount: 10_001 })] }))).toEqual({
      kind: 'line_discount_too_large',
      line: 1,
      gross: 10_000,
    });
    // A line may be given away entirely.
    expect(priceOrder({ lines: [line({ discount: 10_000 })] }).total).toBe(0);
  });

  it('applies a percentage code to the subtotal after line discounts, rounding half up once', () => {
    const priced = priceOrder({
      lines: [line({ unitPrice: 1_005 })],
      discount: rule({ value: 1250 }),
    });
    expect(priced.discount).toBe(126);
    expect(priced.total).toBe(879);
  });

  it('shares the order discount over the lines so the shares add up to it', () => {
    const priced = priceOrder({
      lines: [
        line({ productId: 'a', unitPrice: 333 }),
        line({ productId: 'b', unitPrice: 333 }),
        line({ productId: 'c', unitPrice: 339 }),
      ],
      discount: rule({ value: 1250 }),
    });
    expect(priced.discount).toBe(126);
    expect(priced.lines.map((l) => l.orderDiscount)).toEqual([42, 42, 42]);
    expect(priced.lines.reduce((s, l) => s + l.value, 0)).toBe(priced.total);
  });

  it('caps a fixed discount at what it applies to: the total never goes below zero', () => {
    const priced = priceOrder({
      lines: [line({ unitPrice: 2_000 })],
      discount: rule({ type: 'fixed', value: 5_000 }),
      shipping: { fee: 1_500 },
    });
    expect(priced.discount).toBe(2_000);
    expect(priced.total).toBe(1_500);
  });

  it('applies a product code only to those products', () => {
    const priced = priceOrder({
      lines: [line({ productId: 'milk', unitPrice: 10_000 }), line({ productId: 'rice', unitPrice: 40_000 })],
      discount: rule({ appliesTo: 'products', productIds: ['milk'], value: 2000 }),
    });
    expect(priced.eligibleAmount).toBe(10_000);
    expect(priced.discount).toBe(2_000);
    expect(priced.lines.map((l) => l.orderDiscount)).toEqual([2_000, 0]);
    expect(priced.total).toBe(48_000);
    expect(
      problemOf(() =>
        priceOrder({
          lines: [line({ productId: 'rice' })],
          discount: rule({ appliesTo: 'products', productIds: ['milk'] }),
        }),
      ),
    ).toEqual({ kind: 'not_applicable' });
  });

  it('applies a category code to lines in any of its categories', () => {
    const priced = priceOrder({
      lines: [
        line({ productId: 'a', unitPrice: 5_000, categoryIds: ['drinks', 'dairy'] }),
        line({ productId: 'b', unitPrice: 5_000, categoryIds: ['grains'] }),
      ],
      discount: rule({ type: 'fixed', value: 700, appliesTo: 'categories', categoryIds: ['dairy'] }),
    });
    expect(priced.lines.map((l) => l.orderDiscount)).toEqual([700, 0]);
    expect(priced.total).toBe(9_300);
  });

  it('refuses a code when the subtotal is under its minimum', () => {
    expect(
      problemOf(() =>
        priceOrder({ lines: [line({ unitPrice: 4_999 })], discount: rule({ minOrderAmount: 5_000 }) }),
      ),
    ).toEqual({ kind: 'minimum_not_met', minimum: 5_000, subtotal: 4_999 });
    expect(
      priceOrder({ lines: [line({ unitPrice: 5_000 })], discount: rule({ minOrderAmount: 5_000 }) }).discount,
    ).toBe(500);
  });

  it('adds exclusive tax on the discounted amount, shipping untaxed', () => {
    const priced = priceOrder({
      lines: [line({ quantity: 2, unitPrice: 5_000 })],
      discount: rule({ value: 1000 }),
      tax: { rates: [{ name: 'VAT', rateBp: 750 }], inclusive: false },
      shipping: { fee: 1_500 },
    });
    expect(priced).toMatchObject({
      subtotal: 10_000,
      discount: 1_000,
      tax: 675,
      shipping: 1_500,
      total: 11_175,
    });
    expect(priced.taxes).toEqual([{ name: 'VAT', rateBp: 750, amount: 675 }]);
  });

  it('rounds each tax rate half up and shares the tax over the lines', () => {
    const priced = priceOrder({
      lines: [line({ productId: 'a', unitPrice: 111 }), line({ productId: 'b', unitPrice: 222 })],
      tax: {
        rates: [
          { name: 'VAT', rateBp: 750 },
          { name: 'Levy', rateBp: 50 },
        ],
        inclusive: false,
      },
    });
    // 333 × 7.5 % = 24.975 → 25; 333 × 0.5 % = 1.665 → 2.
    expect(priced.taxes.map((t) => t.amount)).toEqual([25, 2]);
    expect(priced.tax).toBe(27);
    expect(priced.lines.map((l) => l.tax)).toEqual([9, 18]);
    expect(priced.total).toBe(360);
  });

  it('takes inclusive tax out of the prices without adding it', () => {
    const priced = priceOrder({
      lines: [line({ unitPrice: 10_750 })],
      tax: { rates: [{ name: 'VAT', rateBp: 750 }], inclusive: true },
    });
    expect(priced).toMatchObject({ tax: 750, total: 10_750, taxInclusive: true });
    expect(priced.lines[0]!.value).toBe(10_750);
  });

  it('refuses totals past the safe integer range', () => {
    expect(
      problemOf(() => priceOrder({ lines: [line({ unitPrice: Number.MAX_SAFE_INTEGER, quantity: 2 })] })),
    ).toEqual({
      kind: 'too_large',
    });
  });
});
