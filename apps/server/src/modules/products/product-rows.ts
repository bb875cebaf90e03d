import type { CategoryRef, Product, ProductStatus, StockState } from '@tillbook/contract/products';
import { sortKeyOf, wordsOf, type SearchKind } from '../../lib/search-index.js';
import type { ProductsTable } from './products.tables.js';

/**
 * A product's row as both repositories read and write it: the answer made from it, and the
 * counters and search words kept beside it. Its select list is `productColumnsIn`
 * (products.repository.ts).
 */

/** The maintained number of products of each status, so an unfiltered list never counts rows. */
export const productCounter = (status: ProductStatus) => `products.${status}`;
/** Bumped whenever a product is added, removed or changes status: list positions moved. */
export const POSITIONS_COUNTER = 'products.positions';

/** Untracked products are in stock; the rest by quantity against their threshold (as `stock_state`). */
export function stockStateOf(
  row: Pick<ProductsTable, 'track_stock' | 'quantity' | 'low_stock_threshold'>,
): StockState {
  if (!row.track_stock) return 'in_stock';
  const quantity = row.quantity;
  if (quantity <= 0) return 'out_of_stock';
  if (quantity <= row.low_stock_threshold) return 'low_stock';
  return 'in_stock';
}

/** The words a product is found by (its name, SKU and barcode) and its sort key. */
export const productSearchRecord = (p: Pick<ProductsTable, 'id' | 'name' | 'sku' | 'barcode'>) => ({
  recordId: p.id,
  terms: wordsOf(p.name, p.sku, p.barcode),
  sortKey: sortKeyOf(p.name),
});

export const searchKind = (status: ProductStatus): SearchKind =>
  status === 'archived' ? 'product_archived' : 'product';
export const searchKinds = (status: ProductStatus | 'all'): SearchKind[] =>
  status === 'all' ? ['product', 'product_archived'] : [searchKind(status)];

export type ProductRow = Omit<ProductsTable, 'store_id'> & { categories: unknown };

function parseJsonArray<T>(value: unknown): T[] {
  if (value == null) return [];
  // Most products have no images: skip the parser for the empty array (every list row).
  if (typeof value === 'string') return value === '[]' ? [] : (JSON.parse(value) as T[]);
  return value as T[];
}

export function toProduct(row: ProductRow): Product {
  const categories = parseJsonArray<CategoryRef>(row.categories);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    sku: row.sku,
    barcode: row.barcode,
    unit: row.unit,
    price: row.price,
    cost_price: row.cost_price,
    sale_price: row.sale_price,
    track_stock: row.track_stock === 1,
    quantity: row.quantity,
    low_stock_threshold: row.low_stock_threshold,
    stock_status: stockStateOf(row),
    status: row.status,
    images: parseJsonArray<string>(row.images),
    category_ids: categories.map((c) => c.id),
    categories,
    category: categories[0]?.name ?? null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export interface ProductForSale {
  id: string;
  name: string;
  sku: string;
  barcode: string;
  unit: string;
  price: number;
  sale_price: number | null;
  cost_price: number | null;
  track_stock: boolean;
  quantity: number;
  status: ProductStatus;
  category_ids: string[];
}

/** A product row as its creator builds it; the stock state is derived on insert. */
export type NewProductRow = Omit<ProductsTable, 'stock_state'>;
