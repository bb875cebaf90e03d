import { describe, expect, it } from 'vitest';
import {
  cashDifference,
  countedTotal,
  denominationsOf,
  differenceState,
  differenceText,
  piecesOf,
} from './cash-count';

describe('counting the drawer', () => {
  it('lists the naira notes and coins largest first, and none for a currency not listed', () => {
    const ngn = denominationsOf('NGN');
    expect(ngn[0]).toBe(100_000);
    expect(ngn.at(-1)).toBe(50);
    expect([...ngn].sort((a, b) => b - a)).toEqual(ngn);
    expect(denominationsOf('ngn')).toBe(ngn);
    expect(denominationsOf('XYZ')).toEqual([]);
  });

  it('adds each note or coin times its count, exactly in kobo', () => {
    const ngn = denominationsOf('NGN');
    // 3 × ₦1,000 + 1 × ₦500 + 7 × ₦10 + 3 × 50 kobo = ₦3,571.50
    expect(countedTotal({ 100_000: 3, 50_000: 1, 1_000: 7, 50: 3 }, ngn)).toBe(357_150);
    expect(countedTotal({}, ngn)).toBe(0);
    // Empty, negative and broken boxes count nothing; a fraction counts its whole pieces.
    expect(countedTotal({ 100_000: '', 50_000: -2, 20_000: Number.NaN, 10_000: 2.9 }, ngn)).toBe(20_000);
    // A value that is not one of the currency's notes is not counted.
    expect(countedTotal({ 123: 4 }, ngn)).toBe(0);
  });

  it('reads pieces as whole, non-negative numbers', () => {
    expect(piecesOf(undefined)).toBe(0);
    expect(piecesOf('')).toBe(0);
    expect(piecesOf(-1)).toBe(0);
    expect(piecesOf(Infinity)).toBe(0);
    expect(piecesOf(4)).toBe(4);
  });

  it('says short, over or exact against the expected cash', () => {
    expect(cashDifference(9_500, 10_000)).toBe(-500);
    expect(differenceState(-500)).toBe('short');
    expect(cashDifference(10_250, 10_000)).toBe(250);
    expect(differenceState(250)).toBe('over');
    expect(differenceState(cashDifference(10_000, 10_000))).toBe('exact');
  });
});

describe('the difference in words', () => {
  const money = (minor: number) => `₦${(minor / 100).toFixed(2)}`;
  it('names short, over and exact', () => {
    expect(differenceText(-500, money)).toBe('Short ₦5.00');
    expect(differenceText(250, money)).toBe('Over ₦2.50');
    expect(differenceText(0, money)).toBe('Exact');
  });
});
