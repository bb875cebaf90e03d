import type {
  adjustStockBody,
  StockAdjustment,
  StockMovement,
  StockReason,
} from '@tillbook/contract/products';
import type { z } from 'zod';
import { MAX_STOCK_QUANTITY } from '@tillbook/contract/products';
import { conflict, notFound, unprocessable } from '../../lib/app-error.js';
import { writeAudit } from '../../lib/audit.js';
import type { StoreContext } from '../../lib/context.js';
import { runIdempotent } from '../../lib/idempotency.js';
import type { Page } from '../../lib/pagination.js';
import { productOr404 } from './products.service.js';
import { productsRepository } from './products.repository.js';
import { productReads } from './product-reads.repository.js';
import { applyStockMovements } from './stock.service.js';
import { lineLabel, variantLine } from './variant-lines.js';

/** A merchant's stock adjustments and a product's stock history. */

const ADJUSTMENT_REASON: Record<z.output<typeof adjustStockBody>['reason'], StockReason> = {
  count: 'adjustment_count',
  damage: 'adjustment_damage',
  loss: 'adjustment_loss',
  return: 'adjustment_return',
  other: 'adjustment_other',
};

/** A manual stock adjustment. With an `Idempotency-Key`, a repeat returns the first answer and moves nothing. */
export async function adjustStock(
  ctx: StoreContext,
  id: string,
  body: z.output<typeof adjustStockBody>,
  idempotencyKey: string | undefined,
): Promise<{ status: number; body: StockAdjustment; replayed: boolean }> {
  return runIdempotent(ctx, idempotencyKey, `product.adjust-stock:${id}`, body, async (trx) => {
    const r = productsRepository(trx, ctx.storeId);
    const row = await r.rowForUpdate(id);
    if (!row) throw notFound('Product');
    if (row.track_stock !== 1) {
      throw conflict(
        `Stock is not tracked for "${row.name}". Turn on stock tracking for it before adjusting stock.`,
        { quantity_change: 'Stock is not tracked for this product' },
      );
    }
    // Decision 0064: a variant's stock, counted by the unit or in one of its packs.
    const [forSale] = await productReads(trx, ctx.storeId).forSale([id]);
    const { variant, pack } = variantLine(forSale!, body, '');
    const change = body.quantity_change * (pack?.factor ?? 1);
    if (!Number.isSafeInteger(change) || Math.abs(change) > MAX_STOCK_QUANTITY) {
      throw unprocessable('That change is too large.', { quantity_change: 'Quantity change is too large' });
    }
    const [result] = await applyStockMovements(
      trx,
      ctx,
      [
        {
          productId: id,
          variantId: variant.id,
          change,
          reason: ADJUSTMENT_REASON[body.reason],
          note: body.note ?? null,
        },
      ],
      { fieldKey: () => 'quantity_change' },
    );
    const what = lineLabel(row.name, variant.name, pack);
    const movement = (await r.movements(id, { page: 1, perPage: 1 })).items[0]!;
    const product = (await r.get(id))!;
    await writeAudit(trx, ctx, {
      action: 'product.stock_adjusted',
      entity: 'product',
      entityId: id,
      summary: `Stock of "${what}" adjusted by ${change > 0 ? '+' : ''}${change} (${body.reason}): ${result!.quantityBefore} → ${result!.quantityAfter}`,
      before: { quantity: result!.quantityBefore },
      after: {
        quantity: result!.quantityAfter,
        variant_id: variant.id,
        reason: body.reason,
        note: body.note ?? null,
      },
    });
    return { status: 201, body: { product, movement } };
  });
}

export async function listStockMovements(
  ctx: StoreContext,
  id: string,
  q: { page: number; perPage: number },
): Promise<Page<StockMovement>> {
  const repo = productsRepository(ctx.db, ctx.storeId);
  await productOr404(repo, id);
  return repo.movements(id, q);
}
