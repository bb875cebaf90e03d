import type { StockReason } from '@tillbook/contract/products';
import type { Kysely, Transaction } from 'kysely';
import { engineOf, type Engine } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { StoreContext } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { insertRows, type InsertBatch } from '../../lib/insert-rows.js';
import { placeholders, runSql } from '../../lib/sql.js';
import {
  queueWebhookEvents,
  raiseWebhookEvents,
  type WebhookEventInput,
} from '../webhooks/webhooks.public.js';
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

/** Rows per insert statement (14 columns: well within both engines' parameter limits). */
const LEDGER_BATCH = 1000;

/** Products per stock update statement: two parameters each, well within both engines' limits. */
const TAKE_STOCK_BATCH = 500;

const takeStockTexts: Record<Engine, string[]> = { sqlite: [], postgres: [] };

/** How old a product's `updated_at` may be before a stock change moves it (see `takeStockText`). */
export const STOCK_STAMP_MS = 2_000;
const STAMP = 'updated_at = case when p.updated_at >= ? then p.updated_at else ? end';
const takeBelowZeroTexts: Record<Engine, string[]> = { sqlite: [], postgres: [] };

/**
 * The conditional update that takes (or puts back) stock of `n` products in one statement, with
 * `?` placeholders: the store, the `n` product ids, the two of `updated_at`, then the `(id, delta)` pairs.
 * Each product changes only `where quantity + delta >= 0`; the rows it returns are the products
 * it changed, with their new quantity. The ids are written as an `in` list so both planners look
 * each product up by its key, whatever they know of the table.
 *
 * On PostgreSQL the products are first locked in id order (`locked`), so two sales of the same
 * products never wait on each other in opposite orders (a deadlock). The lock is `for no key
 * update`, the one a plain UPDATE of these columns takes: `for update` would also wait for, and
 * could deadlock with, any open transaction whose foreign key points at the product (a purchase
 * order's lines, a ledger row, a category link take KEY SHARE on it). On SQLite one writer at a
 * time holds the whole database. One text per count, kept: it is a plain text because every
 * line of every sale runs it (decision 0009) and, on PostgreSQL, a prepared statement (0012).
 *
 * `updated_at` moves only when it is more than `STOCK_STAMP_MS` old (the two `?` of its `case`:
 * that bound, then now). It is in an index (the till's changes since, migration 0014); on
 * PostgreSQL an update that changes no indexed value can stay on its page and write no index
 * entry (HOT), and a product sold many times a second is so updated that way but about once
 * in `STOCK_STAMP_MS`. The till still sees every stock change: it reads again the last 30 s of
 * changes each time (`till.service.ts`), which covers a stamp that much older than the change.
 * SQLite rewrites the index entries of every column a statement sets, changed or not, so there
 * the statement sets only the quantity and `stampStockText` sets the stock state and the stamp
 * of the products whose state or stamp must move: most sales write no index entry of products.
 */
export function takeStockText(engine: Engine, n: number, belowZero = false): string {
  const texts = belowZero ? takeBelowZeroTexts : takeStockTexts;
  const known = texts[engine][n];
  if (known) return known;
  const ids = placeholders(n);
  const pairs = Array.from({ length: n }, () => '(?, cast(? as bigint))').join(', ');
  const state = `case when p.quantity + w.delta <= 0 then 'out_of_stock'
      when p.quantity + w.delta <= p.low_stock_threshold then 'low_stock' else 'in_stock' end`;
  const text =
    engine === 'postgres'
      ? `with locked as materialized (
    select id from products where store_id = ? and id in (${ids}) and track_stock = 1
    order by id for no key update)
update products p set quantity = p.quantity + w.delta, stock_state = ${state}, ${STAMP}
  from (values ${pairs}) as w (id, delta)
  where p.store_id = ? and p.id in (select id from locked) and p.id = w.id${belowZero ? '' : ' and p.quantity + w.delta >= 0'}
  returning p.id, p.quantity, p.low_stock_threshold, p.name, p.sku`
      : `with w (id, delta) as (values ${pairs})
update products as p set quantity = p.quantity + w.delta
  from w
  where p.store_id = ? and p.id in (${ids}) and p.id = w.id and p.track_stock = 1${belowZero ? '' : '\n    and p.quantity + w.delta >= 0'}
  returning id, quantity, low_stock_threshold, name, sku, stock_state, updated_at`;
  texts[engine][n] = text;
  return text;
}

/** The stock state a quantity puts a product in (as `STATE` works it out in SQL). */
function stockStateOf(row: { quantity: number; low_stock_threshold: number }): string {
  const quantity = row.quantity;
  if (quantity <= 0) return 'out_of_stock';
  return quantity <= row.low_stock_threshold ? 'low_stock' : 'in_stock';
}

const stampTexts: string[] = [];
const STATE = `case when quantity <= 0 then 'out_of_stock'
      when quantity <= low_stock_threshold then 'low_stock' else 'in_stock' end`;

/**
 * SQLite: after `takeStockText`, the stock state and `updated_at` of the products whose state
 * changed or whose stamp is more than `STOCK_STAMP_MS` old (only run when one of the products
 * it returned is such); the others are not written. `?`: the stamp's bound, now, the store, the
 * `n` product ids, the bound again.
 */
function stampStockText(n: number): string {
  const known = stampTexts[n];
  if (known) return known;
  const text = `update products set stock_state = ${STATE},
    updated_at = case when updated_at >= ? then updated_at else ? end
  where store_id = ? and id in (${placeholders(n)}) and (updated_at < ? or stock_state <> ${STATE})`;
  stampTexts[n] = text;
  return text;
}

interface Taken {
  quantity: number;
  threshold: number;
  name: string;
  sku: string;
}

/** Takes stock of products (sorted by id, each once) by the conditional update; their new quantities. */
async function takeStock(
  trx: Transaction<Database>,
  storeId: string,
  now: string,
  changes: Array<[productId: string, delta: number]>,
  belowZero = false,
): Promise<Map<string, Taken>> {
  const engine = engineOf(trx as unknown as Kysely<unknown>);
  const taken = new Map<string, Taken>();
  for (let i = 0; i < changes.length; i += TAKE_STOCK_BATCH) {
    const chunk = changes.slice(i, i + TAKE_STOCK_BATCH);
    const ids = chunk.map(([id]) => id);
    const bound = new Date(Date.parse(now) - STOCK_STAMP_MS).toISOString();
    const parameters =
      engine === 'postgres'
        ? [storeId, ...ids, bound, now, ...chunk.flat(), storeId]
        : [...chunk.flat(), storeId, ...ids];
    const { rows } = await runSql<{
      id: string;
      quantity: number;
      low_stock_threshold: number;
      name: string;
      sku: string;
      /** SQLite: as they were (the statement sets only the quantity). */
      stock_state?: string;
      updated_at?: string;
    }>(trx, takeStockText(engine, chunk.length, belowZero), parameters);
    for (const row of rows) {
      taken.set(row.id, {
        quantity: row.quantity,
        threshold: row.low_stock_threshold,
        name: row.name,
        sku: row.sku,
      });
    }
    if (engine === 'sqlite') {
      const moved = rows
        .filter((r) => r.updated_at! < bound || r.stock_state !== stockStateOf(r))
        .map((r) => r.id);
      if (moved.length)
        await runSql(trx, stampStockText(moved.length), [bound, now, storeId, ...moved, bound]);
    }
  }
  return taken;
}

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
  const taken = await takeStock(trx, ctx.storeId, now, [...totals]);
  // Products it did not change: missing, untracked, or short of stock.
  const unchanged = productIds.filter((id) => !taken.has(id));
  const others = new Map<string, { id: string; name: string; quantity: number; track_stock: number }>();
  // In parts, like the update: a call may name more products than one statement binds.
  for (let i = 0; i < unchanged.length; i += TAKE_STOCK_BATCH) {
    const rows = await trx
      .selectFrom('products')
      .select(['id', 'name', 'quantity', 'track_stock'])
      .where('store_id', '=', ctx.storeId)
      .where('id', 'in', unchanged.slice(i, i + TAKE_STOCK_BATCH))
      .execute();
    for (const p of rows) others.set(p.id, p);
  }

  // The explicit "may go negative" path: what the conditional update could not take, taken anyway.
  const belowZero = new Set<string>();
  if (options.mayGoNegative) {
    const short = unchanged.filter((id) => others.get(id)?.track_stock === 1);
    if (short.length) {
      const forced = await takeStock(
        trx,
        ctx.storeId,
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
