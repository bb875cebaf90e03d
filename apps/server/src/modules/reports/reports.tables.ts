import type { Table } from '../../db/schema.js';

/**
 * Table types of the sales figures (migration 0011-sales-figures, decision 0031); columns
 * generated (decision 0054).
 *
 * One store's figures of one store-local day (`day`, YYYY-MM-DD). Money in minor units; sales
 * are completed orders. `placed_total`: totals of the orders placed that day, whatever became of
 * them (migration 0018); `gross`: units × the price sold at, before discounts; `discounts`: line
 * discounts and discount codes; `refunds`: value refunded (orders' `refunded_total`); `total`:
 * order totals, before refunds; `units`: units kept (sold less refunded).
 */
export type SalesDaysTable = Table<'sales_days'>;

/** `revenue`: line totals after discounts, less refunded shares, tax not added. */
export type SalesProductDaysTable = Table<'sales_product_days'>;

/** `spent`: order totals less refunds. */
export type SalesCustomerDaysTable = Table<'sales_customer_days'>;

/**
 * A change of the figures not yet added to them (migration 0019): written by the sale, refund or
 * cancellation, added up and deleted by the roll-up (`sales-figures.ts`). `id` is a UUIDv7, so a
 * store's changes sort by when they were made; `products`, `customers` JSON arrays of a change.
 */
export type SalesFigureChangesTable = Table<'sales_figure_changes'>;

/** All-time totals of a product (the sum of its days). */
export type SalesProductsTable = Table<'sales_products'>;
/** All-time totals of a customer (the sum of their days). */
export type SalesCustomersTable = Table<'sales_customers'>;
