import type { StockReason } from '@tillbook/contract/products';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { StoreContext } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { insertRows, type InsertBatch } from '../../lib/insert-rows.js';
import { runSql } from '../../lib/sql.js';
import type { StockMovementsTable } from './products.tables.js';

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
}

type Who = Pick<StoreContext, 'storeId' | 'now' | 'actor'>;

/** Rows per insert statement (14 columns: well within both engines' parameter limits). */
const LEDGER_BATCH = 1000;

/** Parameters: change ×3, updated_at, store, product, change. Plain SQL: it runs for every line of every sale. */
const TAKE_STOCK_SQL = `update products set quantity = quantity + ?,
  stock_state = case when quantity + ? <= 0 then 'out_of_stock' when quantity + ? <= low_stock_threshold then 'low_stock' else 'in_stock' end,
  updated_at = ?
  where store_id = ? and id = ? and track_stock = 1 and quantity + ? >= 0
  returning quantity`;

/**
 * Moves stock of the request's store, inside the caller's transaction, and records each change
 * in the stock ledger. Call it from the service that owns the reason (an order, a receipt).
 *
 * - Lines are grouped by product and products are taken in id order, so two transactions
 *   touching the same products lock their rows in the same order (no deadlock on PostgreSQL).
 * - Each product changes by one conditional update, `quantity = quantity + total` only
 *   `where quantity + total >= 0`, its row count checked: never read-then-write, so concurrent
 *   sales cannot oversell. Each input line still gets its own ledger row (its own reason and
 *   reference), positive lines first so the running quantities never dip below zero.
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

  for (const productId of [...byProduct.keys()].sort()) {
    const lines = byProduct.get(productId)!;
    const total = lines.reduce((sum, i) => sum + movements[i]!.change, 0);
    // The conditional update: it takes the stock only if enough is left, in one statement.
    const { rows } = await runSql<{ quantity: number | string }>(trx, TAKE_STOCK_SQL, [
      total,
      total,
      total,
      now,
      ctx.storeId,
      productId,
      total,
    ]);
    const updated = rows[0];

    if (!updated) {
      const product = await trx
        .selectFrom('products')
        .select(['name', 'quantity', 'track_stock'])
        .where('store_id', '=', ctx.storeId)
        .where('id', '=', productId)
        .executeTakeFirst();
      if (!product) {
        throw new AppError('NOT_FOUND', 'Product not found', {
          fields: Object.fromEntries(lines.map((i) => [fieldKey(i), 'This product does not exist'])),
        });
      }
      if (product.track_stock === 1) {
        shortages.push({ name: product.name, left: Number(product.quantity), lines });
        continue;
      }
      const quantity = Number(product.quantity);
      for (const i of lines) {
        results[i] = { productId, quantityBefore: quantity, quantityAfter: quantity, tracked: false };
      }
      continue;
    }

    // Positive lines first: the running quantity then only falls towards the final one (>= 0).
    const ordered = [...lines].sort((a, b) => movements[b]!.change - movements[a]!.change || a - b);
    let running = Number(updated.quantity) - total;
    for (const i of ordered) {
      const m = movements[i]!;
      const before = running;
      running += m.change;
      results[i] = { productId, quantityBefore: before, quantityAfter: running, tracked: true };
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
        note: m.note ?? null,
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
    return results;
  }
  for (let i = 0; i < ledger.length; i += LEDGER_BATCH) {
    await insertRows(trx, 'stock_movements', ledger.slice(i, i + LEDGER_BATCH));
  }
  return results;
}

/**
 * The opening stock of products created in the caller's transaction with their quantity already
 * set (an import of thousands of rows): one ledger row each, from 0 to that quantity, written in
 * batches. Rows nobody else can see yet need no conditional update; this keeps quantity = sum of
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
  for (let i = 0; i < rows.length; i += LEDGER_BATCH) {
    await trx
      .insertInto('stock_movements')
      .values(rows.slice(i, i + LEDGER_BATCH))
      .execute();
  }
}
