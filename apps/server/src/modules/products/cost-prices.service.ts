import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { StoreContext } from '../../lib/context.js';
import { productsRepository } from './products.repository.js';

/**
 * Sets products' cost prices from what was paid for them (a purchase receipt), inside the
 * caller's transaction. Returns the products whose cost changed, with the old cost, so the
 * caller's audit row can say so.
 */
export async function setCostPrices(
  trx: Transaction<Database>,
  ctx: Pick<StoreContext, 'storeId' | 'now'>,
  costs: Array<{ productId: string; costPrice: number }>,
): Promise<Array<{ productId: string; before: number | null; after: number }>> {
  const changed: Array<{ productId: string; before: number | null; after: number }> = [];
  const repo = productsRepository(trx, ctx.storeId);
  for (const { productId, costPrice } of [...costs].sort((a, b) => (a.productId < b.productId ? -1 : 1))) {
    const current = await repo.costPrice(productId);
    if (!current) continue;
    const before = current.cost_price;
    if (before === costPrice) continue;
    await repo.setCostPrice(productId, costPrice, ctx.now.toISOString());
    changed.push({ productId, before, after: costPrice });
  }
  return changed;
}
