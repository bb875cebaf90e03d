import type { ComparedFigures, SalesFigures } from '@tillbook/contract/reports';
import type { DayFigures } from './reports.repository.js';
import { NO_FIGURES } from './figure-numbers.js';

/** The figures of the contract from kept sums (decision 0031 defines each). */

/** `a ÷ b` rounded half away from zero, in whole minor units. */
export function divideRounded(a: number, b: number): number {
  if (!b) return 0;
  const q = Math.round(Math.abs(a) / Math.abs(b));
  return Math.sign(a) * Math.sign(b) * q;
}

/** `part ÷ whole × 100` with two decimals; null when `whole` is 0. */
export function percent(part: number, whole: number): number | null {
  if (!whole) return null;
  return Math.round((part / whole) * 10_000) / 100;
}

export function salesFigures(sum: Omit<DayFigures, 'day'>): SalesFigures {
  const net = sum.gross - sum.discounts - sum.refunds;
  return {
    gross_sales: sum.gross,
    discounts: sum.discounts,
    refunds: sum.refunds,
    net_sales: net,
    tax: sum.tax,
    shipping: sum.shipping,
    total_sales: sum.total - sum.refunds,
    orders: sum.completed,
    average_order_value: divideRounded(net, sum.completed),
    units: sum.units,
    cost: sum.cost,
  };
}

export function compared(current: SalesFigures, previous: SalesFigures): ComparedFigures {
  const change = {} as ComparedFigures['change_percent'];
  for (const key of Object.keys(current) as Array<keyof SalesFigures>) {
    change[key] = previous[key] ? percent(current[key] - previous[key], Math.abs(previous[key])) : null;
  }
  return { current, previous, change_percent: change };
}

/** Adds day rows into one sum. */
export function addUp(rows: ReadonlyArray<Omit<DayFigures, 'day'>>, into?: Omit<DayFigures, 'day'>) {
  const out = into ?? { ...NO_FIGURES };
  for (const r of rows) {
    out.placed += r.placed;
    out.placed_total += r.placed_total;
    out.cancelled += r.cancelled;
    out.completed += r.completed;
    out.refunded_orders += r.refunded_orders;
    out.gross += r.gross;
    out.discounts += r.discounts;
    out.refunds += r.refunds;
    out.tax += r.tax;
    out.shipping += r.shipping;
    out.total += r.total;
    out.units += r.units;
    out.cost += r.cost;
  }
  return out;
}
