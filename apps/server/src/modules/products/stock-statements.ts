import type { Engine } from '../../db/connection.js';
import { placeholders } from '../../lib/sql.js';

/**
 * The statements that take stock, as fixed texts (decision 0009: every line of every sale runs
 * one; on PostgreSQL each is a prepared statement, decision 0012), and the stock state they set.
 * `stock.service.ts` runs them.
 */

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
export function stockStateOf(row: { quantity: number; low_stock_threshold: number }): string {
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
export function stampStockText(n: number): string {
  const known = stampTexts[n];
  if (known) return known;
  const text = `update products set stock_state = ${STATE},
    updated_at = case when updated_at >= ? then updated_at else ? end
  where store_id = ? and id in (${placeholders(n)}) and (updated_at < ? or stock_state <> ${STATE})`;
  stampTexts[n] = text;
  return text;
}
