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

/**
 * A variant (decision 0064): `option_values` a JSON object of option name to value, `quantity` its
 * stock in base units; the first of a product has the product's id and mirrors its codes and prices.
 */
export type ProductVariantsTable = Table<'product_variants', { status: 'active' | 'archived' }>;

/** A pack of a variant: `factor` base units, its own price and optional barcode. */
export type ProductPacksTable = Table<'product_packs'>;

export type ProductCategoriesTable = Table<'product_categories'>;

export type StockMovementsTable = Table<
  'stock_movements',
  { reason: StockReason; actor_type: 'user' | 'api_key' | 'system' }
>;

declare module '../../db/schema.js' {
  interface Database {
    products: ProductsTable;
    product_variants: ProductVariantsTable;
    stock_movements: StockMovementsTable;
  }
}
