/** Table types of the sales figures (migration 0011-sales-figures, decision 0031). */

/** One store's figures of one store-local day. Money in minor units; sales are completed orders. */
export interface SalesDaysTable {
  store_id: string;
  /** Store-local date, YYYY-MM-DD. */
  day: string;
  placed: number;
  /** Totals of the orders placed that day, whatever became of them (migration 0018). */
  placed_total: number;
  cancelled: number;
  completed: number;
  refunded_orders: number;
  /** Units × the price sold at, before discounts. */
  gross: number;
  /** Line discounts and discount codes. */
  discounts: number;
  /** Value refunded (orders' `refunded_total`). */
  refunds: number;
  tax: number;
  shipping: number;
  /** Order totals, before refunds. */
  total: number;
  /** Units kept (sold less refunded). */
  units: number;
  cost: number;
}

export interface SalesProductDaysTable {
  store_id: string;
  day: string;
  product_id: string;
  units: number;
  /** Line totals after discounts, less refunded shares, tax not added. */
  revenue: number;
  cost: number;
}

export interface SalesCustomerDaysTable {
  store_id: string;
  day: string;
  customer_id: string;
  orders: number;
  /** Order totals less refunds. */
  spent: number;
}

/**
 * A change of the figures not yet added to them (migration 0019): written by the sale, refund or
 * cancellation, added up and deleted by the roll-up (`sales-figures.ts`).
 */
export interface SalesFigureChangesTable extends Omit<SalesDaysTable, 'store_id' | 'day'> {
  store_id: string;
  /** UUIDv7: a store's changes sort by when they were made. */
  id: string;
  day: string;
  /** JSON arrays of a change (`sales-figures.ts`, migration 0019). */
  products: string | null;
  customers: string | null;
}

/** All-time totals of a product (the sum of its days). */
export type SalesProductsTable = Omit<SalesProductDaysTable, 'day'>;
/** All-time totals of a customer (the sum of their days). */
export type SalesCustomersTable = Omit<SalesCustomerDaysTable, 'day'>;

declare module '../../db/schema.js' {
  interface Database {
    sales_days: SalesDaysTable;
    sales_product_days: SalesProductDaysTable;
    sales_customer_days: SalesCustomerDaysTable;
    sales_products: SalesProductsTable;
    sales_customers: SalesCustomersTable;
    sales_figure_changes: SalesFigureChangesTable;
  }
}
