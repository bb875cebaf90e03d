import type { SalesDaysTable } from './reports.tables.js';

/** The numbers of a day's figures, in the order the change rows and the roll-up write them. */
export type DayDelta = Omit<SalesDaysTable, 'store_id' | 'day'>;
export const ZERO: DayDelta = {
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

export const DAY_NUMBERS = Object.keys(ZERO) as Array<keyof DayDelta>;
