import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { StoreContext } from '../../lib/context.js';

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
  for (const { productId, costPrice } of [...costs].sort((a, b) => (a.productId < b.productId ? -1 : 1))) {
    const current = await trx
      .selectFrom('products')
      .select('cost_price')
      .where('store_id', '=', ctx.storeId)
      .where('id', '=', productId)
      .executeTakeFirst();
    if (!current) continue;
    const before = current.cost_price;
    if (before === costPrice) continue;
    await trx
      .updateTable('products')
      .set({ cost_price: costPrice, updated_at: ctx.now.toISOString() })
      .where('store_id', '=', ctx.storeId)
      .where('id', '=', productId)
      .execute();
    changed.push({ productId, before, after: costPrice });
  }
  return changed;
}
