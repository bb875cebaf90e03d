import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { StoreContext } from '../../lib/context.js';
import { productsRepository } from './products.repository.js';
import { variantsRepository } from './variants.repository.js';

/**
 * Sets products' cost prices from what was paid for them (a purchase receipt), inside the
 * caller's transaction. Returns the products whose cost changed, with the old cost, so the
 * caller's audit row can say so.
 */
export async function setCostPrices(
  trx: Transaction<Database>,
  ctx: Pick<StoreContext, 'storeId' | 'now'>,
  costs: Array<{ productId: string; variantId?: string; costPrice: number }>,
): Promise<Array<{ productId: string; before: number | null; after: number }>> {
  const changed: Array<{ productId: string; before: number | null; after: number }> = [];
  const repo = productsRepository(trx, ctx.storeId);
  const variants = variantsRepository(trx, ctx.storeId);
  const now = ctx.now.toISOString();
  for (const { productId, variantId, costPrice } of [...costs].sort((a, b) =>
    a.productId < b.productId ? -1 : 1,
  )) {
    // A variant's cost is its own; the product's row mirrors its first variant (decision 0064).
    const variant = (await variants.variantsOf(productId)).find((v) => v.id === (variantId ?? productId));
    if (!variant) continue;
    const before = variant.cost_price;
    if (before === costPrice) continue;
    if (variant.position === 0) await repo.setCostPrice(productId, costPrice, now);
    else await variants.updateVariant(variant.id, { cost_price: costPrice, updated_at: now });
    changed.push({ productId, before, after: costPrice });
  }
  return changed;
}
