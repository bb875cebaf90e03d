import type { CategoryRef, Product, ProductStatus, StockState } from '@tillbook/contract/products';
import { sql, type RawBuilder } from 'kysely';
import { sortKeyOf, wordsOf, type SearchKind } from '../../lib/search-index.js';
import type { ProductsTable } from './products.tables.js';

/**
 * A product's row as both repositories read and write it: the select list of a product with its
 * categories, the answer made from it, and the counters and search words kept beside it.
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

const COLUMNS =
  'p.id, p.name, p.description, p.sku, p.barcode, p.unit, p.price, p.cost_price, p.sale_price, p.track_stock, p.quantity, p.low_stock_threshold, p.status, p.images, p.created_at, p.updated_at';

/**
 * A product's categories as a JSON array in the same statement, on either engine: the text before
 * and after the store its links are read in. The category is joined by its store as well: on
 * PostgreSQL its key is (store_id, id) (migration 0022), and by `id` alone each product's
 * categories were found by scanning the store's categories.
 */
const CATEGORIES_JSON = {
  postgres: [
    "(select json_agg(json_build_object('id', c.id, 'name', c.name) order by c.name, c.id) from product_categories pc join categories c on c.store_id = pc.store_id and c.id = pc.category_id where pc.store_id = ",
    ' and pc.product_id = p.id)',
  ],
  sqlite: [
    "(select json_group_array(json_object('id', c.id, 'name', c.name) order by c.name, c.id) from product_categories pc join categories c on c.store_id = pc.store_id and c.id = pc.category_id where pc.store_id = ",
    ' and pc.product_id = p.id)',
  ],
} as const;

/**
 * The select list of a product (`p`) of the store `storeId` with its categories, on the engine
 * given. It binds the store (once): the
 * categories' subquery names the store as a value, not as the product's column. Citus routes a
 * statement to the store's worker only when every table in it, subqueries included, is filtered
 * by the store as a value; `pc.store_id = p.store_id` sent the product list to all 32 shards.
 */
export const productColumnsIn = (postgres: boolean, storeId: string): RawBuilder<unknown> => {
  const [head, tail] = CATEGORIES_JSON[postgres ? 'postgres' : 'sqlite'];
  return sql`${sql.raw(`${COLUMNS}, ${head}`)}${storeId}${sql.raw(`${tail} as categories`)}`;
};

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
