import type {
  CategoryRef,
  Product,
  ProductOption,
  ProductPack,
  ProductStatus,
  ProductVariant,
  StockState,
} from '@tillbook/contract/products';
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

/**
 * A product row as read with its categories and, when it has more than one variant or any pack,
 * its variants and packs as JSON (`variants`, `packs`; null otherwise: its one variant is the row).
 */
export type ProductRow = Omit<ProductsTable, 'store_id' | 'variant_count' | 'pack_count' | 'options'> & {
  categories: unknown;
  /** `{"o", "v", "k"}`: options, variants, packs (`SHAPE_JSON`); null for a product that is its own one variant. */
  shape?: unknown;
};

interface Shape {
  o: ProductOption[] | null;
  v: VariantJson[] | null;
  k: PackJson[] | null;
}

/** The row's variants and packs as read, or null for a product that is its own one variant. */
function shapeOf(row: ProductRow): Shape | null {
  const value = row.shape;
  if (value == null) return null;
  if (typeof value !== 'string') return value as Shape;
  // Parsed once: the row's options and its variants both read it.
  const parsed = JSON.parse(value) as Shape;
  row.shape = parsed;
  return parsed;
}

/** A variant as the JSON of a product read carries it. */
export interface VariantJson {
  id: string;
  position: number;
  option_values: string | Record<string, string>;
  name: string;
  sku: string;
  barcode: string;
  price: number;
  cost_price: number | null;
  sale_price: number | null;
  quantity: number;
  low_stock_threshold: number;
  image: string | null;
  status: 'active' | 'archived';
}

/** A pack as the JSON of a product read carries it. */
export interface PackJson {
  variant_id: string;
  position: number;
  name: string;
  factor: number;
  barcode: string | null;
  price: number;
}

const variantStock = (trackStock: boolean, quantity: number, threshold: number): StockState =>
  !trackStock
    ? 'in_stock'
    : quantity <= 0
      ? 'out_of_stock'
      : quantity <= threshold
        ? 'low_stock'
        : 'in_stock';

/** The variants of a product row: read ones in position order, or its own row as its one variant. */
export function variantsOf(row: ProductRow): ProductVariant[] {
  const tracked = row.track_stock === 1;
  const shape = shapeOf(row);
  const read = shape?.v ?? [];
  const packs = shape?.k ?? [];
  if (!read.length) {
    return [
      {
        id: row.id,
        options: {},
        name: '',
        sku: row.sku,
        barcode: row.barcode,
        price: row.price,
        cost_price: row.cost_price,
        sale_price: row.sale_price,
        quantity: row.quantity,
        low_stock_threshold: row.low_stock_threshold,
        stock_status: variantStock(tracked, row.quantity, row.low_stock_threshold),
        image: null,
        status: 'active',
        packs: packs.sort((a, b) => a.position - b.position).map(toPack),
      },
    ];
  }
  return read
    .sort((a, b) => a.position - b.position)
    .map((v) => ({
      id: v.id,
      options:
        typeof v.option_values === 'string'
          ? (JSON.parse(v.option_values) as Record<string, string>)
          : v.option_values,
      name: v.name,
      sku: v.sku,
      barcode: v.barcode,
      price: Number(v.price),
      cost_price: v.cost_price === null ? null : Number(v.cost_price),
      sale_price: v.sale_price === null ? null : Number(v.sale_price),
      quantity: Number(v.quantity),
      low_stock_threshold: Number(v.low_stock_threshold),
      stock_status: variantStock(tracked, Number(v.quantity), Number(v.low_stock_threshold)),
      image: v.image,
      status: v.status,
      packs: packs
        .filter((p) => p.variant_id === v.id)
        .sort((a, b) => a.position - b.position)
        .map(toPack),
    }));
}

const toPack = (p: PackJson): ProductPack => ({
  name: p.name,
  factor: Number(p.factor),
  barcode: p.barcode,
  price: Number(p.price),
});

function parseJsonArray<T>(value: unknown): T[] {
  if (value == null) return [];
  // Most products have no images: skip the parser for the empty array (every list row).
  if (typeof value === 'string') return value === '[]' ? [] : (JSON.parse(value) as T[]);
  return value as T[];
}

/**
 * What a list row says of its variants without building them (decision 0064): how many are
 * active, and the packs of its only one. Most rows are their own one variant with no pack.
 */
export function variantShapeOf(row: ProductRow): { variant_count: number; packs: ProductPack[] } {
  if (row.shape == null) return { variant_count: 1, packs: [] };
  const active = variantsOf(row).filter((v) => v.status === 'active');
  return { variant_count: active.length, packs: active.length === 1 ? active[0]!.packs : [] };
}

/** A product row as the list answers it: the product's fields without its variants. */
export function toListProduct(row: ProductRow): Omit<Product, 'variants'> {
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
    // A product sold one way has no options; the others' come with their variants.
    options: shapeOf(row)?.o ?? [],
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function toProduct(row: ProductRow): Product {
  const product = toListProduct(row) as Product;
  product.variants = variantsOf(row);
  return product;
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
  /** Its variants with their packs; one, its own, for a product without options. */
  variants: ProductVariant[];
}

/** A product row as its creator builds it; the stock state is derived on insert. */
export type NewProductRow = Omit<ProductsTable, 'stock_state' | 'options' | 'variant_count' | 'pack_count'> &
  Partial<Pick<ProductsTable, 'options' | 'variant_count' | 'pack_count'>>;
