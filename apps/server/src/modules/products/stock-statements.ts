import type { Engine } from '../../db/connection.js';
import { placeholders } from '../../lib/sql.js';

/**
 * The statements that take stock, as fixed texts (decision 0009: every line of every sale runs
 * one; on PostgreSQL each is a prepared statement, decision 0012), and the stock state they set.
 * `stock.service.ts` runs them.
 */

const takeStockTexts: Record<Engine, Map<string, string>> = { sqlite: new Map(), postgres: new Map() };

/** How old a product's `updated_at` may be before a stock change moves it (see `takeStockText`). */
export const STOCK_STAMP_MS = 2_000;
const STAMP = 'updated_at = case when p.updated_at >= ? then p.updated_at else ? end';
const takeBelowZeroTexts: Record<Engine, Map<string, string>> = { sqlite: new Map(), postgres: new Map() };

/**
 * The conditional update that takes (or puts back) stock of `n` variants in one go, with `?`
 * placeholders, and moves their products' quantities (the sum of their variants') by as much
 * (decision 0064). Each variant changes only `where quantity + delta >= 0`; the rows returned are
 * the variants changed, with their new quantity, their product and its name. The ids are written
 * as `in` lists so both planners look each row up by its key.
 *
 * PostgreSQL, one statement: the products are first locked in id order (`locked`), so two sales
 * of the same products never wait on each other in opposite orders (a deadlock); every stock
 * change locks its products before their variants. The lock is `for no key update`, the one a
 * plain UPDATE of these columns takes (`for update` would also wait for, and could deadlock with,
 * any open transaction whose foreign key points at the product). Parameters: the store, the `m`
 * product ids, the `n` `(variant id, product id, delta)` triples, the store, the `n` variant ids,
 * the store, the stamp's bound and now.
 *
 * SQLite, two statements (one writer holds the whole database): this one takes the variants
 * (parameters: the triples, the store, the variant ids); `moveProductsText` then moves their
 * products. SQLite rewrites the index entries of every column a statement sets, changed or not,
 * so there the product's statement sets only the quantity and `stampStockText` sets the stock
 * state and the stamp of the products whose state or stamp must move.
 *
 * `updated_at` of a product moves only when it is more than `STOCK_STAMP_MS` old. It is in an
 * index (the till's changes since, migration 0014); on PostgreSQL an update that changes no
 * indexed value can stay on its page and write no index entry (HOT), and a product sold many
 * times a second is so updated that way but about once in `STOCK_STAMP_MS`. The till still sees
 * every stock change: it reads again the last 30 s of changes each time (`till.service.ts`).
 * One text per count, kept: every line of every sale runs it (decision 0009) and, on PostgreSQL,
 * it is a prepared statement (0012).
 */
export function takeStockText(engine: Engine, n: number, products: number, belowZero = false): string {
  const texts = belowZero ? takeBelowZeroTexts : takeStockTexts;
  const key = `${n}|${products}`;
  const known = texts[engine].get(key);
  if (known) return known;
  const ids = placeholders(n);
  const triples = Array.from({ length: n }, () => '(?, ?, cast(? as bigint))').join(', ');
  const state = `case when p.quantity + s.delta <= 0 then 'out_of_stock'
      when p.quantity + s.delta <= p.low_stock_threshold then 'low_stock' else 'in_stock' end`;
  const short = belowZero ? '' : ' and v.quantity + w.delta >= 0';
  const text =
    engine === 'postgres'
      ? `with locked as materialized (
    select id from products where store_id = ? and id in (${placeholders(products)}) and track_stock = 1
    order by id for no key update),
  w (id, product_id, delta) as (values ${triples}),
  t as (update product_variants v set quantity = v.quantity + w.delta
    from w
    where v.store_id = ? and v.id in (${ids}) and v.id = w.id and v.product_id = w.product_id
      and v.product_id in (select id from locked)${short}
    returning v.id, v.product_id, v.quantity, v.low_stock_threshold, v.name, v.sku, w.delta),
  s as (select product_id, sum(delta) as delta from t group by product_id),
  m as (update products p set quantity = p.quantity + s.delta, stock_state = ${state}, ${STAMP}
    from s where p.store_id = ? and p.id in (select product_id from s) and p.id = s.product_id
    returning p.id, p.name)
select t.id, t.product_id, t.quantity, t.low_stock_threshold, t.name, t.sku, m.name as product_name
  from t join m on m.id = t.product_id`
      : `with w (id, product_id, delta) as (values ${triples})
update product_variants as v set quantity = v.quantity + w.delta
  from w
  where v.store_id = ? and v.id in (${ids}) and v.id = w.id and v.product_id = w.product_id and v.track_stock = 1${short}
  returning id, product_id, quantity, low_stock_threshold, name, sku`;
  texts[engine].set(key, text);
  return text;
}

const moveTexts: string[] = [];

/**
 * SQLite, after `takeStockText`: the products of the variants it took move by their sum; the rows
 * returned carry what `stampStockText` needs. Parameters: the `n` `(product id, delta)` pairs, the
 * store, the `n` product ids.
 */
export function moveProductsText(n: number): string {
  const known = moveTexts[n];
  if (known) return known;
  const pairs = Array.from({ length: n }, () => '(?, cast(? as bigint))').join(', ');
  const text = `with w (id, delta) as (values ${pairs})
update products as p set quantity = p.quantity + w.delta
  from w
  where p.store_id = ? and p.id in (${placeholders(n)}) and p.id = w.id
  returning id, name, quantity, low_stock_threshold, stock_state, updated_at`;
  moveTexts[n] = text;
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
