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
import { moveProductsText, STOCK_STAMP_MS, takeStockText } from './stock-statements.js';
import { stockRepository, type Taken, type VariantChange } from './stock.repository.js';

export { moveProductsText, STOCK_STAMP_MS, takeStockText };

export interface StockMovementInput {
  productId: string;
  /** The variant whose stock moves (decision 0064); left out, the product's own (same id). */
  variantId?: string;
  /** Signed base units: negative takes stock out (sale, damage), positive puts it in (receipt, return). */
  change: number;
  reason: StockReason;
  /** What caused it, e.g. `order` and the order's id, so the ledger links back. */
  referenceType?: string | null;
  referenceId?: string | null;
  note?: string | null;
}

export interface StockMovementResult {
  productId: string;
  variantId: string;
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
  const { byVariant, totals } = groupByVariant(movements, fieldKey);
  const now = ctx.now.toISOString();
  const stock = stockRepository(trx, ctx.storeId);
  const { taken, others, belowZero } = await takeStock(stock, now, totals, options.mayGoNegative);

  const results: StockMovementResult[] = new Array(movements.length);
  const shortages: Shortage[] = [];
  const ledger: StockMovementsTable[] = [];
  // Variants this call took to their low-stock level or below (webhook `product.stock_low`).
  const fellLow: WebhookEventInput[] = [];

  for (const [variantId, lines] of byVariant) {
    const { productId, total } = totals.get(variantId)!;
    const took = taken.get(variantId);
    if (!took) {
      const variant = others.get(variantId);
      if (!variant || variant.product_id !== productId) {
        throw new AppError('NOT_FOUND', 'Product not found', {
          fields: Object.fromEntries(lines.map((i) => [fieldKey(i), 'This product does not exist'])),
        });
      }
      if (variant.track_stock === 1) {
        shortages.push({ name: labelOf(variant.name, variant.variant_name), left: variant.quantity, lines });
        continue;
      }
      const quantity = variant.quantity;
      for (const i of lines) {
        results[i] = {
          productId,
          variantId,
          quantityBefore: quantity,
          quantityAfter: quantity,
          tracked: false,
        };
      }
      continue;
    }
    const fell = fellToLowStock(variantId, took, total);
    if (fell) fellLow.push(fell);
    const rows = ledgerRows(
      ctx,
      now,
      movements,
      lines,
      productId,
      variantId,
      took.quantity - total,
      belowZero.has(variantId),
    );
    for (const { index, result, row } of rows) {
      results[index] = result;
      if (row) ledger.push(row);
    }
  }

  if (shortages.length) throw shortageError(shortages, fieldKey);

  if (options.ledger) {
    options.ledger.add('stock_movements', ledger);
    if (fellLow.length) queueWebhookEvents(options.ledger, ctx, fellLow);
    return results;
  }
  if (fellLow.length) await raiseWebhookEvents(trx, ctx.storeId, ctx.now, fellLow);
  await stock.writeMovements(ledger);
  return results;
}

interface Shortage {
  name: string;
  left: number;
  lines: number[];
}

/** A product's name with its variant's (`Ankara shirt (M / Red)`), as messages name what is short. */
const labelOf = (product: string, variant: string) => (variant ? `${product} (${variant})` : product);

/**
 * The input lines of each variant, in (product, variant) id order (so two transactions lock the
 * same rows in the same order), and each variant's total change; a change that is not a whole
 * number, or totals too large to add up exactly, refused naming their lines.
 */
function groupByVariant(movements: StockMovementInput[], fieldKey: (index: number) => string) {
  const lines = new Map<string, number[]>();
  const productOf = new Map<string, string>();
  movements.forEach((m, index) => {
    if (!Number.isSafeInteger(m.change)) {
      throw new AppError('VALIDATION_FAILED', 'A stock change must be a whole number', {
        fields: { [fieldKey(index)]: 'Must be a whole number' },
      });
    }
    const variantId = m.variantId ?? m.productId;
    const of = lines.get(variantId) ?? [];
    of.push(index);
    lines.set(variantId, of);
    const known = productOf.get(variantId);
    if (known !== undefined && known !== m.productId) {
      throw new AppError('NOT_FOUND', 'Product not found', {
        fields: { [fieldKey(index)]: 'This variant is not of this product' },
      });
    }
    productOf.set(variantId, m.productId);
  });
  const key = (id: string) => `${productOf.get(id)}\u0000${id}`;
  const byVariant = new Map([...lines].sort(([a], [b]) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)));
  const totals = new Map<string, { productId: string; total: number }>();
  for (const [id, of] of byVariant) {
    const total = of.reduce((sum, i) => sum + movements[i]!.change, 0);
    if (!Number.isSafeInteger(total)) {
      throw new AppError(
        'VALIDATION_FAILED',
        'The stock changes of one product add up to too large a number',
        { fields: Object.fromEntries(of.map((i) => [fieldKey(i), 'Too large'])) },
      );
    }
    totals.set(id, { productId: productOf.get(id)!, total });
  }
  return { byVariant, totals };
}

type Stock = ReturnType<typeof stockRepository>;

/**
 * The conditional update (stock taken only if enough is left, in one statement), then what the
 * variants it did not change are (missing, untracked or short); under `mayGoNegative` the short
 * ones are then taken anyway and named in `belowZero`.
 */
async function takeStock(
  stock: Stock,
  now: string,
  totals: Map<string, { productId: string; total: number }>,
  mayGoNegative?: boolean,
) {
  const changes = (ids: string[]): VariantChange[] =>
    ids.map((id) => {
      const t = totals.get(id)!;
      return [id, t.productId, t.total];
    });
  const taken = await stock.take(now, changes([...totals.keys()]));
  const unchanged = [...totals.keys()].filter((id) => !taken.has(id));
  const others = await stock.stockOf(unchanged);
  const belowZero = new Set<string>();
  if (mayGoNegative) {
    const short = unchanged.filter((id) => {
      const v = others.get(id);
      return v?.track_stock === 1 && v.product_id === totals.get(id)!.productId;
    });
    if (short.length) {
      const forced = await stock.take(now, changes(short), true);
      for (const [id, quantity] of forced) {
        taken.set(id, quantity);
        belowZero.add(id);
      }
    }
  }
  return { taken, others, belowZero };
}

/** `product.stock_low` when this call took the variant from above its threshold to it or below. */
function fellToLowStock(variantId: string, took: Taken, total: number): WebhookEventInput | undefined {
  const after = took.quantity;
  if (total >= 0 || after - total <= took.threshold || after > took.threshold) return undefined;
  return {
    type: 'product.stock_low',
    data: {
      product_id: took.productId,
      variant_id: variantId,
      name: labelOf(took.productName, took.variantName),
      sku: took.sku,
      quantity: after,
      low_stock_threshold: took.threshold,
    },
  };
}

/**
 * Each input line of one product: its result and its ledger row (none for a zero change),
 * positive lines first so the running quantity only falls towards the final one (>= 0).
 */
function ledgerRows(
  ctx: Who,
  now: string,
  movements: StockMovementInput[],
  lines: number[],
  productId: string,
  variantId: string,
  quantityBefore: number,
  wentNegative: boolean,
): Array<{ index: number; result: StockMovementResult; row?: StockMovementsTable }> {
  const ordered = [...lines].sort((a, b) => movements[b]!.change - movements[a]!.change || a - b);
  let running = quantityBefore;
  return ordered.map((index) => {
    const m = movements[index]!;
    const before = running;
    running += m.change;
    const result: StockMovementResult = {
      productId,
      variantId,
      quantityBefore: before,
      quantityAfter: running,
      tracked: true,
    };
    if (wentNegative) result.wentNegative = true;
    if (m.change === 0) return { index, result };
    const row: StockMovementsTable = {
      id: newId(),
      store_id: ctx.storeId,
      product_id: productId,
      variant_id: variantId,
      reason: m.reason,
      quantity_change: m.change,
      quantity_before: before,
      quantity_after: running,
      actor_type: ctx.actor?.type ?? 'system',
      actor_id: ctx.actor?.id ?? null,
      actor_name: ctx.actor?.name ?? null,
      reference_type: m.referenceType ?? null,
      reference_id: m.referenceId ?? null,
      note: wentNegative
        ? [m.note, 'Taken below zero: sold offline while another sale took the stock']
            .filter(Boolean)
            .join('. ')
        : (m.note ?? null),
      created_at: now,
    };
    return { index, result, row };
  });
}

/** CONFLICT naming every short product and what is left, keyed per input line. */
function shortageError(shortages: Shortage[], fieldKey: (index: number) => string): AppError {
  const sentences = shortages.map((s) =>
    s.left > 0 ? `Only ${s.left} left of "${s.name}"` : `"${s.name}" is out of stock`,
  );
  const fields: Record<string, string> = {};
  for (const s of shortages) {
    for (const i of s.lines) fields[fieldKey(i)] = s.left > 0 ? `Only ${s.left} left` : 'Out of stock';
  }
  return new AppError('CONFLICT', `${sentences.join('. ')}.`, { fields });
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
  lines: Array<{
    productId: string;
    variantId?: string;
    quantity: number;
    reason: StockReason;
    note?: string | null;
  }>,
): Promise<void> {
  const now = ctx.now.toISOString();
  const rows: StockMovementsTable[] = lines
    .filter((l) => l.quantity !== 0)
    .map((l) => ({
      id: newId(),
      store_id: ctx.storeId,
      product_id: l.productId,
      variant_id: l.variantId ?? l.productId,
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
