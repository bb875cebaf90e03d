import type { ProductStatus, StockReason, StockState } from '@tillbook/contract/products';
import type { Table } from '../../db/schema.js';

/** Table types of the catalogue (migration 0002-catalogue); columns generated (decision 0054). */
export type CategoriesTable = Table<'categories'>;

/**
 * `track_stock` 0/1; `quantity` (stock on hand) changes only through stock movements
 * (`stock.service.ts`); `stock_state` is derived from track_stock, quantity and
 * low_stock_threshold, kept with them for the stock filter; `images` a JSON array of addresses.
 */
export type ProductsTable = Table<'products', { stock_state: StockState; status: ProductStatus }>;

export type ProductCategoriesTable = Table<'product_categories'>;

export type StockMovementsTable = Table<
  'stock_movements',
  { reason: StockReason; actor_type: 'user' | 'api_key' | 'system' }
>;

declare module '../../db/schema.js' {
  interface Database {
    products: ProductsTable;
    stock_movements: StockMovementsTable;
  }
}
