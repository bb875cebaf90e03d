import type { SalesFigures } from '@tillbook/contract/reports';

export type FigureKey = keyof SalesFigures;

/** The sales report's figures in the order a merchant reads them, money or a count. */
export const FIGURES: ReadonlyArray<{ key: FigureKey; label: string; money: boolean; upIsBad?: boolean }> = [
  { key: 'gross_sales', label: 'Gross sales', money: true },
  { key: 'discounts', label: 'Discounts', money: true, upIsBad: true },
  { key: 'refunds', label: 'Refunds', money: true, upIsBad: true },
  { key: 'net_sales', label: 'Net sales', money: true },
  { key: 'tax', label: 'Tax', money: true },
  { key: 'shipping', label: 'Shipping', money: true },
  { key: 'total_sales', label: 'Total sales', money: true },
  { key: 'orders', label: 'Orders', money: false },
  { key: 'average_order_value', label: 'Average order value', money: true },
];

/** The columns of the sales report's table (the CSV export has the same). */
export const TABLE_FIGURES: FigureKey[] = [
  'orders',
  'gross_sales',
  'discounts',
  'refunds',
  'net_sales',
  'tax',
  'shipping',
  'total_sales',
];
