import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { StoreContext } from '../../lib/context.js';
import { applyStockMovements, getProductsForSale } from '../products/products.public.js';
import type { OrderItemsTable } from './orders.tables.js';

/**
 * Stock going back from order lines, through the products' ledger: one step that cancellation
 * and refunds (order-returns.service.ts) both take, kept apart so that file holds the use cases.
 */

/** Variants of some lines that still exist (a line may name a product or variant deleted since). */
async function existingVariants(trx: Transaction<Database>, ctx: StoreContext, ids: string[]) {
  const products = await getProductsForSale(trx, ctx, [...new Set(ids)]);
  return new Set(products.flatMap((p) => p.variants.map((v) => `${p.id}|${v.id}`)));
}

/** Puts back what order lines took: their units in base units (a pack line, its packs × factor). */
export async function returnStock(
  trx: Transaction<Database>,
  ctx: StoreContext,
  orderId: string,
  lines: Array<{ item: OrderItemsTable; quantity: number }>,
  reason: 'cancellation' | 'refund',
): Promise<void> {
  const existing = await existingVariants(
    trx,
    ctx,
    lines.map((l) => l.item.product_id),
  );
  const variantOf = (item: OrderItemsTable) => item.variant_id ?? item.product_id;
  const movements = lines
    .filter((l) => l.quantity > 0 && existing.has(`${l.item.product_id}|${variantOf(l.item)}`))
    .map((l) => ({
      productId: l.item.product_id,
      variantId: variantOf(l.item),
      change: l.quantity * l.item.pack_factor,
      reason,
      referenceType: 'order',
      referenceId: orderId,
    }));
  if (movements.length) await applyStockMovements(trx, ctx, movements);
}
