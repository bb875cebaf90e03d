import type { SalesDaysTable } from './reports.tables.js';

/**
 * The numbers of a day's figures, in the order the change rows, the roll-up and the reads write
 * and read them; one place for the list (`sales_days`' columns but the store and the day).
 */
export type DayDelta = Omit<SalesDaysTable, 'store_id' | 'day'>;
export const NO_FIGURES: DayDelta = {
  placed: 0,
  placed_total: 0,
  cancelled: 0,
  completed: 0,
  refunded_orders: 0,
  gross: 0,
  discounts: 0,
  refunds: 0,
  tax: 0,
  shipping: 0,
  total: 0,
  units: 0,
  cost: 0,
};

export const DAY_NUMBERS = Object.keys(NO_FIGURES) as Array<keyof DayDelta>;
