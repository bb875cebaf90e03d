import type { Product, ProductStatus, StockState } from '@tillbook/contract/products';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { engineOf } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import { readCounterValues } from '../../lib/counters.js';
import { offsetOf, pageOf, type Page } from '../../lib/pagination.js';
import { limitCount, runBuilt } from '../../lib/sql.js';
import { matchesSearch, queryWords, searchCount, searchPage } from '../../lib/search-index.js';
import {
  POSITIONS_COUNTER,
  productCounter,
  searchKinds,
  toProduct,
  type ProductRow,
} from './product-rows.js';
import { productSaleReads } from './product-sale-reads.repository.js';
import { productColumnsIn } from './products.repository.js';
import { pageStarts, rememberPageStart } from './page-starts.js';

/**
 * The catalogue's hot reads: the list page (a search, the newest-first default, every other
 * sort), the barcode lookup of the till and the lines of a sale. Hand-written SQL, built once per
 * shape where it can be (decision 0011): building these with the query builder cost more CPU than
 * running them. The barcode lookup and the lines of a sale are in
 * `product-sale-reads.repository.ts`, carried by `productReads`; the product's other statements
 * are in `products.repository.ts`.
 */

type Db = Kysely<Database> | Transaction<Database>;

export interface ProductFilter {
  page: number;
  perPage: number;
  status: ProductStatus | 'all';
  categoryId?: string | undefined;
  stock?: StockState | undefined;
  search?: string | undefined;
  sort: 'created_at' | 'updated_at' | 'name' | 'price' | 'quantity';
  order?: 'asc' | 'desc' | undefined;
}

/** Sort keys of the list (`$` is the table alias); the id breaks ties. */
const SORT_KEYS: Record<ProductFilter['sort'], string | null> = {
  created_at: null,
  updated_at: '$.updated_at',
  name: 'lower($.name)',
  price: '$.price',
  quantity: '$.quantity',
};

/** A list row, with the columns of `ListOptions.extraColumns` when asked for. */
type ListRow = ProductRow & Record<string, unknown>;
/** A newest-first page's row: the status's counter and `products.positions` ride along. */
type CountedRow = ListRow & { list_total: number; list_positions: number };

export interface ListOptions<E extends object = object> {
  /**
   * More select-list expressions over the product `p` (such as another module's figures), read in
   * the page's one statement rather than one more per page. Given the store's id, they may bind
   * it as a value (so Citus can route the statement) and nothing else. Pass a long-lived function
   * (one per module), not one made per request: the list's statement text is cached per function
   * (see `columnsKey`). `E` is what they add to each row, as `sql<E>` types a raw row.
   */
  extraColumns?: ExtraColumns<E>;
}
type ExtraColumns<E extends object = object> = (storeId: string) => RawBuilder<E>;

/**
 * A short name for each `extraColumns` function, for the shape of a built statement. Callers
 * pass long-lived functions (one per module), so there are only a few.
 */
const EXTRA_COLUMN_KEYS = new WeakMap<ExtraColumns, string>();
let extraColumnKeys = 0;
function columnsKey(extra: ExtraColumns | undefined): string {
  if (!extra) return '-';
  let key = EXTRA_COLUMN_KEYS.get(extra);
  if (key === undefined) {
    key = String(++extraColumnKeys);
    EXTRA_COLUMN_KEYS.set(extra, key);
  }
  return key;
}

/** How many times a list's select list binds the store's id, per engine and `columnsKey`. */
const COLUMN_STORE_VALUES = new Map<string, number>();

/**
 * The OFFSET of a page's ids, none for the first rows. On PostgreSQL a prepared statement is
 * planned once for any values (a generic plan) only when that plan looks no dearer than planning
 * for the values at hand; the planner prices an OFFSET it cannot see as skipping a tenth of the
 * store's products, so with `offset $n` it planned the list's statement again on every call
 * (0.5 ms, more than running it). Without the clause, page 1 and every page that starts at a
 * remembered id keep one plan.
 */
const offsetClause = (n: number): RawBuilder<unknown> => (n === 0 ? sql`` : sql` offset ${n}`);

/** The counters whose sum is the number of products of a status. */
const statusCounters = (status: ProductStatus | 'all') =>
  status === 'all' ? [productCounter('active'), productCounter('archived')] : [productCounter(status)];

/** The hot reads of one store's catalogue; every query is built from its id. */
export function productReads(db: Db, storeId: string) {
  const postgres = engineOf(db as Kysely<unknown>) === 'postgres';
  const productColumns = productColumnsIn(postgres, storeId);
  const columnsOf = (extra: ExtraColumns | undefined) =>
    extra ? sql`${productColumns}, ${extra(storeId)}` : productColumns;

  /**
   * The values the select list binds, for a statement run through `runBuilt`: the store's id,
   * as many times as the columns name it (counted once per shape of columns, when first built).
   */
  function columnValues(extra: ExtraColumns | undefined): string[] {
    const key = `${postgres ? 'pg' : 'sqlite'}|${columnsKey(extra)}`;
    let n = COLUMN_STORE_VALUES.get(key);
    if (n === undefined) {
      const { parameters } = columnsOf(extra).compile(db);
      if (parameters.some((v) => v !== storeId)) {
        throw new Error("The product list's columns may bind the store's id and nothing else");
      }
      n = parameters.length;
      COLUMN_STORE_VALUES.set(key, n);
    }
    return new Array<string>(n).fill(storeId);
  }

  /** The list filters as one SQL condition on the `products` table. */
  function whereOf(f: Omit<ProductFilter, 'page' | 'perPage' | 'sort' | 'order'>): RawBuilder<unknown> {
    const parts = [sql`products.store_id = ${storeId}`];
    if (f.status !== 'all') parts.push(sql`products.status = ${f.status}`);
    if (f.categoryId) {
      parts.push(
        sql`products.id in (select product_id from product_categories where store_id = ${storeId} and category_id = ${f.categoryId})`,
      );
    }
    if (f.stock) parts.push(sql`products.stock_state = ${f.stock}`);
    if (f.search !== undefined) {
      const words = queryWords(f.search);
      if (words.length) parts.push(matchesSearch('products.id', storeId, searchKinds(f.status), words));
    }
    return sql.join(parts, sql` and `);
  }

  /** A search alone is answered from the word index: page, order and total, then the page's rows. */
  async function searchList(
    f: ProductFilter,
    words: string[],
    dir: 'asc' | 'desc',
    cols: RawBuilder<unknown>,
  ): Promise<Page<ListRow>> {
    const kinds = searchKinds(f.status);
    const ids = searchPage(storeId, kinds, words, {
      order: f.sort === 'name' ? 'name' : 'newest',
      dir,
      limit: f.perPage,
      offset: offsetOf(f),
    });
    const order = sql.raw(f.sort === 'name' ? `k.sort_key ${dir}, p.id ${dir}` : `p.id ${dir}`);
    // CROSS JOIN keeps SQLite from scanning every product to probe the page (it fixes the join order).
    const { rows } = await sql<
      ListRow & { total: number }
    >`select ${cols}, k.total from (${ids}) k cross join products p where p.id = k.id and p.store_id = ${storeId} order by ${order}`.execute(
      db,
    );
    const total = rows.length ? rows[0]!.total : await searchCount(db, storeId, kinds, words);
    return pageOf(rows, total, f);
  }

  /**
   * The default list (every product of a status, newest first), in one statement: the page's
   * rows, and beside each the status's maintained counter (the total) and `products.positions`
   * (whether remembered page starts still hold). Both are read in the statement rather than
   * before it: on PostgreSQL each statement is a round trip and a turn of the client's protocol
   * code, which cost more than the page itself. The page starts from the nearest remembered
   * page start (see `pageStarts`) when nothing moved since, so a deep page costs like the first
   * one once it was visited.
   */
  async function newestList(
    f: ProductFilter,
    dir: 'asc' | 'desc',
    extraColumns: ExtraColumns | undefined,
  ): Promise<Page<ListRow>> {
    const offset = offsetOf(f);
    const entry = pageStarts(`${storeId}|${f.status}|${dir}`);
    let from = 0;
    let fromId: string | undefined;
    for (const [at, id] of entry.starts) {
      if (at <= offset && at >= from) {
        from = at;
        fromId = id;
      }
    }
    // Read before the statement: another request may move `entry` on while this one waits.
    const startsPositions = entry.positions;
    let rows = await newestPage(f, dir, extraColumns, offset, from, fromId);
    if (fromId !== undefined && (rows[0]?.list_positions ?? -1) !== startsPositions) {
      // Products were added, removed or archived since the start was remembered (or the page
      // came out empty): walk from the beginning of the list.
      rows = await newestPage(f, dir, extraColumns, offset, 0, undefined);
    }
    let total: number;
    let positions: number;
    if (rows[0]) {
      total = rows[0].list_total;
      positions = rows[0].list_positions;
    } else {
      // Past the last page: no row carries the counters.
      const names = statusCounters(f.status);
      const counters = await readCounterValues(db, storeId, [...names, POSITIONS_COUNTER]);
      total = names.reduce((sum, name) => sum + (counters.get(name) ?? 0), 0);
      positions = counters.get(POSITIONS_COUNTER) ?? 0;
    }
    // The counter only grows: a lower value is an older snapshot than the starts', kept as is.
    if (positions > entry.positions) {
      entry.positions = positions;
      entry.starts.clear();
    }
    if (rows[0] && positions === entry.positions) rememberPageStart(entry.starts, offset, rows[0].id);
    return pageOf(rows, total, f);
  }

  /** The rows of a newest-first page, each with `list_total` and `list_positions`. */
  async function newestPage(
    f: ProductFilter,
    dir: 'asc' | 'desc',
    extraColumns: ExtraColumns | undefined,
    offset: number,
    from: number,
    fromId: string | undefined,
  ): Promise<CountedRow[]> {
    const all = f.status === 'all';
    // The statement's text depends only on this shape, so it is built once (see `runBuilt`).
    const skip = offset - from;
    const shape = `products.newest|${columnsKey(extraColumns)}|${all ? 'all' : 'status'}|${fromId === undefined ? '' : 'after'}|${skip === 0 ? '' : 'skip'}|${dir}|${f.perPage}`;
    const totalNames = statusCounters(f.status);
    const parameters: unknown[] = [
      ...columnValues(extraColumns),
      storeId,
      ...totalNames,
      storeId,
      POSITIONS_COUNTER,
      storeId,
    ];
    if (!all) parameters.push(f.status);
    if (fromId !== undefined) parameters.push(fromId);
    if (skip !== 0) parameters.push(skip);
    parameters.push(storeId);
    const { rows } = await runBuilt<CountedRow>(
      db,
      shape,
      () => {
        const after =
          fromId === undefined
            ? sql``
            : dir === 'desc'
              ? sql`and products.id <= ${fromId}`
              : sql`and products.id >= ${fromId}`;
        const ids = sql`select products.id from products where ${whereOf(f)} ${after} order by products.id ${sql.raw(dir)} limit ${limitCount(f.perPage)}${offsetClause(skip)}`;
        const total = sql`(select coalesce(sum(counters.value), 0) from counters where counters.store_id = ${storeId} and counters.name in (${sql.join(totalNames)}))`;
        const positions = sql`(select coalesce(max(counters.value), 0) from counters where counters.store_id = ${storeId} and counters.name = ${POSITIONS_COUNTER})`;
        return sql<CountedRow>`select ${columnsOf(extraColumns)}, ${total} as list_total, ${positions} as list_positions from (${ids}) k cross join products p where p.store_id = ${storeId} and p.id = k.id order by p.id ${sql.raw(dir)}`;
      },
      parameters,
    );
    return rows;
  }

  const isUnfiltered = (f: ProductFilter) =>
    !f.categoryId && !f.stock && !(f.search !== undefined && queryWords(f.search).length);

  /** A page of raw rows, with the `extra` columns beside the product's own (`listRows`). */
  async function pageOfRows(f: ProductFilter, extra: ExtraColumns | undefined): Promise<Page<ListRow>> {
    // Hand-written SQL: building these with the query builder cost more CPU than running them.
    const dir =
      (f.order ?? (f.sort === 'created_at' || f.sort === 'updated_at' ? 'desc' : 'asc')) === 'asc'
        ? 'asc'
        : 'desc';
    const words = f.search === undefined ? [] : queryWords(f.search);
    if (words.length && !f.categoryId && !f.stock && (f.sort === 'name' || f.sort === 'created_at')) {
      return searchList(f, words, dir, columnsOf(extra));
    }
    if (isUnfiltered(f) && f.sort === 'created_at') return newestList(f, dir, extra);
    const key = SORT_KEYS[f.sort];
    const where = whereOf(f);
    const order = (alias: string) =>
      sql.raw(`${key ? `${key.replace('$', alias)} ${dir}, ` : ''}${alias}.id ${dir}`);
    const ids = sql`select products.id from products where ${where} order by ${order('products')} limit ${limitCount(f.perPage)}${offsetClause(offsetOf(f))}`;
    // The total rides in the page's statement (one round trip less on PostgreSQL); a page past
    // the end has no row to carry it, and counts on its own.
    const total = isUnfiltered(f)
      ? sql`(select coalesce(sum(counters.value), 0) from counters where counters.store_id = ${storeId} and counters.name in (${sql.join(statusCounters(f.status))}))`
      : sql`(select count(*) from products where ${where})`;
    const { rows } = await sql<
      ListRow & { list_total: number }
    >`select ${columnsOf(extra)}, ${total} as list_total from (${ids}) k cross join products p where p.store_id = ${storeId} and p.id = k.id order by ${order('p')}`.execute(
      db,
    );
    if (rows[0]) return pageOf(rows, rows[0].list_total, f);
    const { rows: counted } = await sql<{ n: number | null }>`select ${total} as n`.execute(db);
    return pageOf(rows, counted[0]?.n ?? 0, f);
  }

  return {
    ...productSaleReads(db, storeId),

    /**
     * One page in one statement: a covering index finds the page's ids (cheap even at a deep
     * offset, since it reads only the index), then the rows and their categories are fetched
     * for those ids alone. The total comes from the maintained counters when unfiltered.
     */
    async list(f: ProductFilter): Promise<Page<Product>> {
      const page = await this.listRows(f);
      return { ...page, items: page.items.map(toProduct) };
    },

    /** A page of raw rows, with `options.extraColumns` beside the product's own. */
    async listRows<E extends object = object>(
      f: ProductFilter,
      options: ListOptions<E> = {},
    ): Promise<Page<ListRow & E>> {
      // Each statement of `pageOfRows` selects `columnsOf(extra)`: every row has E's columns.
      return (await pageOfRows(f, options.extraColumns)) as Page<ListRow & E>;
    },

    /** Every product matching the filters, in list order, a batch at a time (exports). */
    async *each(f: Omit<ProductFilter, 'page' | 'perPage'>, batch = 500): AsyncGenerator<Product[]> {
      for (let page = 1; ; page++) {
        const rows = await this.list({ ...f, page, perPage: batch }).then((p) => p.items);
        if (rows.length) yield rows;
        if (rows.length < batch) return;
      }
    },
  };
}
