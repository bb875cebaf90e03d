import type { StockReason } from '@tillbook/contract/products';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { StoreContext } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import type { InsertBatch } from '../../lib/insert-rows.js';
import {
  queueWebhookEvents,
  raiseWebhookEvents,
  type WebhookEventInput,
} from '../webhooks/webhooks.public.js';
import type { StockMovementsTable } from './products.tables.js';
import { STOCK_STAMP_MS, takeStockText } from './stock-statements.js';
import { stockRepository } from './stock.repository.js';

export { STOCK_STAMP_MS, takeStockText };

export interface StockMovementInput {
  productId: string;
  /** Signed: negative takes stock out (sale, damage), positive puts it in (receipt, return). */
  change: number;
  reason: StockReason;
  /** What caused it, e.g. `order` and the order's id, so the ledger links back. */
  referenceType?: string | null;
  referenceId?: string | null;
  note?: string | null;
}

export interface StockMovementResult {
  productId: string;
  quantityBefore: number;
  quantityAfter: number;
  /** False for products with `track_stock = 0`: their quantity did not change and no movement was written. */
  tracked: boolean;
  /** Taken below zero under `mayGoNegative`. */
  wentNegative?: boolean;
}

export interface ApplyStockOptions {
  /**
   * The `error.fields` key naming input line `index` when it cannot be applied; the default
   * `items.<index>.quantity` points at the line of an order or purchase-order body.
   */
  fieldKey?: (index: number) => string;
  /**
   * Where the ledger rows go. Given, they are added to it and written when the caller flushes it
   * (in the same transaction, with the rest of its rows); otherwise they are written here.
   */
  ledger?: InsertBatch;
  /**
   * The one path where stock may go below zero (decision 0036): a sale the till made offline
   * whose stock another till sold meanwhile, under the store's rule "accept and flag". The
   * normal conditional update runs first; only the products it could not take are then taken
   * without the `>= 0` condition, their ledger rows say so, and their results have
   * `wentNegative`. The caller must audit it (the order's audit row names them).
   */
  mayGoNegative?: boolean;
}

type Who = Pick<StoreContext, 'storeId' | 'now' | 'actor'> & { access?: StoreContext['access'] };

/**
 * Moves stock of the request's store, inside the caller's transaction, and records each change
 * in the stock ledger. Call it from the service that owns the reason (an order, a receipt).
 *
 * - Lines are grouped by product and products are locked in id order, so two transactions
 *   touching the same products lock their rows in the same order (no deadlock on PostgreSQL).
 * - The products change by one conditional update statement (per 500 products),
 *   `quantity = quantity + total` only `where quantity + total >= 0`, the rows it changed
 *   returned: never read-then-write, so concurrent sales cannot oversell. Each input line still
 *   gets its own ledger row (its own reason and reference), positive lines first so the running
 *   quantities never dip below zero.
 * - When any product lacks stock nothing is applied: the call throws CONFLICT naming every short
 *   product and what is left, with `error.fields` keyed per input line. The caller's transaction
 *   then rolls back whatever it did before.
 * - Untracked products (`track_stock = 0`) never block: their quantity stays as it is and no
 *   movement is written (the order's own lines say what was sold). Their result has
 *   `tracked: false`. This keeps "quantity = sum of movements" true for every product.
 * - A product not in the store is NOT_FOUND.
 *
 * Returns one result per input line, in input order.
 */
export async function applyStockMovements(
  trx: Transaction<Database>,
  ctx: Who,
  movements: StockMovementInput[],
  options: ApplyStockOptions = {},
): Promise<StockMovementResult[]> {
  const fieldKey = options.fieldKey ?? ((i: number) => `items.${i}.quantity`);
  const byProduct = new Map<string, number[]>();
  movements.forEach((m, index) => {
    if (!Number.isSafeInteger(m.change)) {
      throw new AppError('VALIDATION_FAILED', 'A stock change must be a whole number', {
        fields: { [fieldKey(index)]: 'Must be a whole number' },
      });
    }
    const lines = byProduct.get(m.productId) ?? [];
    lines.push(index);
    byProduct.set(m.productId, lines);
  });

  const results: StockMovementResult[] = new Array(movements.length);
  const shortages: Array<{ name: string; left: number; lines: number[] }> = [];
  const ledger: StockMovementsTable[] = [];
  const now = ctx.now.toISOString();
  // Products this call took to their low-stock level or below (webhook `product.stock_low`).
  const fellLow: WebhookEventInput[] = [];

  const productIds = [...byProduct.keys()].sort();
  // The conditional update: it takes the stock only if enough is left, in one statement.
  const totals = new Map(
    productIds.map((id) => [id, byProduct.get(id)!.reduce((sum, i) => sum + movements[i]!.change, 0)]),
  );
  for (const [id, total] of totals) {
    if (!Number.isSafeInteger(total)) {
      throw new AppError(
        'VALIDATION_FAILED',
        'The stock changes of one product add up to too large a number',
        {
          fields: Object.fromEntries(byProduct.get(id)!.map((i) => [fieldKey(i), 'Too large'])),
        },
      );
    }
  }
  const stock = stockRepository(trx, ctx.storeId);
  const taken = await stock.take(now, [...totals]);
  // Products it did not change: missing, untracked, or short of stock.
  const unchanged = productIds.filter((id) => !taken.has(id));
  const others = await stock.stockOf(unchanged);

  // The explicit "may go negative" path: what the conditional update could not take, taken anyway.
  const belowZero = new Set<string>();
  if (options.mayGoNegative) {
    const short = unchanged.filter((id) => others.get(id)?.track_stock === 1);
    if (short.length) {
      const forced = await stock.take(
        now,
        short.map((id) => [id, totals.get(id)!]),
        true,
      );
      for (const [id, quantity] of forced) {
        taken.set(id, quantity);
        belowZero.add(id);
      }
    }
  }

  for (const productId of productIds) {
    const lines = byProduct.get(productId)!;
    const total = totals.get(productId)!;
    const took = taken.get(productId);
    const quantityAfter = took?.quantity;

    if (quantityAfter === undefined) {
      const product = others.get(productId);
      if (!product) {
        throw new AppError('NOT_FOUND', 'Product not found', {
          fields: Object.fromEntries(lines.map((i) => [fieldKey(i), 'This product does not exist'])),
        });
      }
      if (product.track_stock === 1) {
        shortages.push({ name: product.name, left: product.quantity, lines });
        continue;
      }
      const quantity = product.quantity;
      for (const i of lines) {
        results[i] = { productId, quantityBefore: quantity, quantityAfter: quantity, tracked: false };
      }
      continue;
    }

    if (took && total < 0 && quantityAfter - total > took.threshold && quantityAfter <= took.threshold) {
      fellLow.push({
        type: 'product.stock_low',
        data: {
          product_id: productId,
          name: took.name,
          sku: took.sku,
          quantity: quantityAfter,
          low_stock_threshold: took.threshold,
        },
      });
    }

    // Positive lines first: the running quantity then only falls towards the final one (>= 0).
    const ordered = [...lines].sort((a, b) => movements[b]!.change - movements[a]!.change || a - b);
    let running = quantityAfter - total;
    for (const i of ordered) {
      const m = movements[i]!;
      const before = running;
      running += m.change;
      results[i] = { productId, quantityBefore: before, quantityAfter: running, tracked: true };
      if (belowZero.has(productId)) results[i]!.wentNegative = true;
      if (m.change === 0) continue;
      ledger.push({
        id: newId(),
        store_id: ctx.storeId,
        product_id: productId,
        reason: m.reason,
        quantity_change: m.change,
        quantity_before: before,
        quantity_after: running,
        actor_type: ctx.actor?.type ?? 'system',
        actor_id: ctx.actor?.id ?? null,
        actor_name: ctx.actor?.name ?? null,
        reference_type: m.referenceType ?? null,
        reference_id: m.referenceId ?? null,
        note: belowZero.has(productId)
          ? [m.note, 'Taken below zero: sold offline while another sale took the stock']
              .filter(Boolean)
              .join('. ')
          : (m.note ?? null),
        created_at: now,
      });
    }
  }

  if (shortages.length) {
    const sentences = shortages.map((s) =>
      s.left > 0 ? `Only ${s.left} left of "${s.name}"` : `"${s.name}" is out of stock`,
    );
    const fields: Record<string, string> = {};
    for (const s of shortages) {
      for (const i of s.lines) fields[fieldKey(i)] = s.left > 0 ? `Only ${s.left} left` : 'Out of stock';
    }
    throw new AppError('CONFLICT', `${sentences.join('. ')}.`, { fields });
  }

  if (options.ledger) {
    options.ledger.add('stock_movements', ledger);
    if (fellLow.length) queueWebhookEvents(options.ledger, ctx, fellLow);
    return results;
  }
  if (fellLow.length) await raiseWebhookEvents(trx, ctx.storeId, ctx.now, fellLow);
  await stock.writeMovements(ledger);
  return results;
}

/**
 * The opening stock of products created in the caller's transaction with their quantity already
 * set (an import of thousands of rows): one ledger row each, from 0 to that quantity, written in
 * batches. Rows nobody else can see yet need no conditional update;
 this keeps quantity = sum of
 * movements for them without a round trip per product.
 */
export async function recordOpeningStock(
  trx: Transaction<Database>,
  ctx: Who,
  lines: Array<{ productId: string; quantity: number; reason: StockReason; note?: string | null }>,
): Promise<void> {
  const now = ctx.now.toISOString();
  const rows: StockMovementsTable[] = lines
    .filter((l) => l.quantity !== 0)
    .map((l) => ({
      id: newId(),
      store_id: ctx.storeId,
      product_id: l.productId,
      reason: l.reason,
      quantity_change: l.quantity,
      quantity_before: 0,
      quantity_after: l.quantity,
      actor_type: ctx.actor?.type ?? 'system',
      actor_id: ctx.actor?.id ?? null,
      actor_name: ctx.actor?.name ?? null,
      reference_type: null,
      reference_id: null,
      note: l.note ?? null,
      created_at: now,
    }));
  await stockRepository(trx, ctx.storeId).insertMovements(rows);
}
