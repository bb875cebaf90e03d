import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { StoreContext } from '../../lib/context.js';
import { productReads } from './product-reads.repository.js';
import type { ProductForSale } from './product-rows.js';

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
  return productReads(db, ctx.storeId).forSale(ids);
}

export { applyStockMovements, type StockMovementInput } from './stock.service.js';
export { setCostPrices } from './cost-prices.service.js';
export { listCategories } from './categories.service.js';
export {
  productsChangedSince,
  productsDeletedSince,
  sellingPricesAt,
  type ChangePosition,
} from './product-changes.js';
