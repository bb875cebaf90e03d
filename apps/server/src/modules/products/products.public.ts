import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { StoreContext } from '../../lib/context.js';
import type { ProductForSale } from './product-rows.js';
import { productSaleReads } from './product-sale-reads.repository.js';
import { productsRepository } from './products.repository.js';

/**
 * What other modules may use of the catalogue (decision 0025): the products a sale, a discount
 * or a purchase order prices and checks its lines with, the stock ledger, cost prices from a
 * receipt and the category list.
 */

export type { ProductForSale };

/**
 * What an order or a purchase order needs to price and check its lines, read in the caller's
 * transaction when it passes one. Ids of other stores or unknown ids are simply absent.
 */
export async function getProductsForSale(
  db: Kysely<Database> | Transaction<Database>,
  ctx: Pick<StoreContext, 'storeId'>,
  ids: string[],
): Promise<ProductForSale[]> {
  return productSaleReads(db, ctx.storeId).forSale(ids);
}

export { applyStockMovements, STOCK_STAMP_MS, type StockMovementInput } from './stock.service.js';
export { setCostPrices } from './cost-prices.service.js';
export { lineLabel, variantLine } from './variant-lines.js';
export { listCategories } from './categories.service.js';

/** A product as reports name it (sales by item, top products). */
export interface ProductLabel {
  id: string;
  name: string;
  sku: string;
  /** The first image's address, or null. */
  image: string | null;
}

/** Names, SKUs and first images of some products of the store; deleted ones are absent. */
export async function productLabels(
  db: Kysely<Database> | Transaction<Database>,
  storeId: string,
  ids: readonly string[],
): Promise<Map<string, ProductLabel>> {
  const out = new Map<string, ProductLabel>();
  for (const r of await productsRepository(db, storeId).labelRows(ids)) {
    const images = r.images && r.images !== '[]' ? (JSON.parse(r.images) as string[]) : [];
    out.set(r.id, { id: r.id, name: r.name, sku: r.sku, image: images[0] ?? null });
  }
  return out;
}

/** Ids of the store's products in a category (for the sales-by-item filter). */
export async function productIdsInCategory(
  db: Kysely<Database> | Transaction<Database>,
  storeId: string,
  categoryId: string,
): Promise<Set<string>> {
  return productsRepository(db, storeId).productIdsInCategory(categoryId);
}

export {
  productsChangedSince,
  productsDeletedSince,
  sellingPricesAt,
  type ChangePosition,
} from './product-changes.queries.js';
