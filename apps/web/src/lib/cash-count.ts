import { CASH_DENOMINATIONS } from '@tillbook/contract/shift-constants';

/**
 * Counting the drawer at a shift's close (issue 32): the notes and coins of the store's currency
 * (`CASH_DENOMINATIONS`, minor units, largest first), how many of each, and the total. A currency
 * not listed has no denominations: the cashier types one total.
 */

/** The store's notes and coins, largest first; empty for a currency counted as one total. */
export function denominationsOf(currency: string): readonly number[] {
  return CASH_DENOMINATIONS[currency.toUpperCase()] ?? [];
}

/** How many of each note or coin, by its value in minor units; a box left empty counts 0. */
export type CoinCounts = Record<number, number | ''>;

/** A count as a whole number of pieces: an empty, negative or broken box counts 0. */
export function piecesOf(count: number | '' | undefined): number {
  if (typeof count !== 'number' || !Number.isFinite(count) || count < 0) return 0;
  return Math.floor(count);
}

/** The drawer's total in minor units: each note or coin times how many (exact in integers). */
export function countedTotal(counts: CoinCounts, denominations: readonly number[]): number {
  return denominations.reduce((sum, value) => sum + value * piecesOf(counts[value]), 0);
}

/** What was counted against what should be there: negative is cash short, positive is over. */
export function cashDifference(counted: number, expected: number): number {
  return counted - expected;
}

/** How the difference reads: short (red), over (amber), or exact (green). */
export function differenceState(difference: number): 'short' | 'over' | 'exact' {
  return difference < 0 ? 'short' : difference > 0 ? 'over' : 'exact';
}

/** The status badges' text shades (4.5:1 on white): red short, amber over, green exact. */
export const DIFFERENCE_COLOURS = { short: '#B01010', over: '#806300', exact: '#0A6B42' } as const;

/** "Short ₦500.00", "Over ₦250.00" or "Exact" for a difference already formatted by `money`. */
export function differenceText(difference: number, money: (minor: number) => string): string {
  const state = differenceState(difference);
  if (state === 'exact') return 'Exact';
  return `${state === 'short' ? 'Short' : 'Over'} ${money(Math.abs(difference))}`;
}
