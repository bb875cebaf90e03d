import type {
  Category,
  CategoryRef,
  Product,
  ProductStatus,
  StockMovement,
  StockState,
} from '@tillbook/contract/products';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { engineOf } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import { bumpCounter, readCounters, readCounterValues } from '../../lib/counters.js';
import { offsetOf, pageOf, type Page } from '../../lib/pagination.js';
import { limitCount, placeholders, runBuilt, runSql } from '../../lib/sql.js';
import {
  deleteSearchTerms,
  insertSearchTerms,
  matchesSearch,
  queryWords,
  searchCount,
  searchPage,
  setSearchTerms,
  sortKeyOf,
  wordsOf,
  type SearchKind,
} from '../../lib/search-index.js';
import type { CategoriesTable, ProductsTable } from './products.tables.js';

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

/** The maintained number of products of each status, so an unfiltered list never counts rows. */
export const productCounter = (status: ProductStatus) => `products.${status}`;
const SKU_SEQUENCE = 'products.sku_sequence';
/** Bumped whenever a product is added, removed or changes status: list positions moved. */
const POSITIONS_COUNTER = 'products.positions';

/**
 * Where pages of the newest-first list start (offset → id), per store, status, direction and
 * `products.positions` value, in this process. An OFFSET walks every entry it skips (page 1,000
 * walks 9,990 index entries); starting from a remembered page start walks only the distance
 * from it. A change of positions changes the key, so a stale start is never used.
 */
const PAGE_STARTS = new Map<string, Map<number, string>>();
const MAX_PAGE_START_KEYS = 200;
const MAX_PAGE_STARTS = 2_000;

function pageStarts(key: string): Map<number, string> {
  let starts = PAGE_STARTS.get(key);
  if (!starts) {
    if (PAGE_STARTS.size >= MAX_PAGE_START_KEYS) PAGE_STARTS.delete(PAGE_STARTS.keys().next().value!);
    starts = new Map();
    PAGE_STARTS.set(key, starts);
  }
  return starts;
}

function rememberPageStart(starts: Map<number, string>, offset: number, id: string): void {
  if (offset === 0 || starts.has(offset)) return;
  if (starts.size >= MAX_PAGE_STARTS) starts.delete(starts.keys().next().value!);
  starts.set(offset, id);
}

/** Untracked products are in stock; the rest by quantity against their threshold (as `stock_state`). */
export function stockStateOf(
  row: Pick<ProductsTable, 'track_stock' | 'quantity' | 'low_stock_threshold'>,
): StockState {
  if (!row.track_stock) return 'in_stock';
  const quantity = Number(row.quantity);
  if (quantity <= 0) return 'out_of_stock';
  if (quantity <= Number(row.low_stock_threshold)) return 'low_stock';
  return 'in_stock';
}

/** The words a product is found by (its name, SKU and barcode) and its sort key. */
export const productSearchRecord = (p: Pick<ProductsTable, 'id' | 'name' | 'sku' | 'barcode'>) => ({
  recordId: p.id,
  terms: wordsOf(p.name, p.sku, p.barcode),
  sortKey: sortKeyOf(p.name),
});

const searchKind = (status: ProductStatus): SearchKind =>
  status === 'archived' ? 'product_archived' : 'product';
const searchKinds = (status: ProductStatus | 'all'): SearchKind[] =>
  status === 'all' ? ['product', 'product_archived'] : [searchKind(status)];

const COLUMNS =
  'p.id, p.name, p.description, p.sku, p.barcode, p.unit, p.price, p.cost_price, p.sale_price, p.track_stock, p.quantity, p.low_stock_threshold, p.status, p.images, p.created_at, p.updated_at';

/** A product's categories as a JSON array in the same statement, on either engine. */
const CATEGORIES_JSON = {
  postgres:
    "(select json_agg(json_build_object('id', c.id, 'name', c.name) order by c.name, c.id) from product_categories pc join categories c on c.id = pc.category_id where pc.store_id = p.store_id and pc.product_id = p.id)",
  sqlite:
    "(select json_group_array(json_object('id', c.id, 'name', c.name) order by c.name, c.id) from product_categories pc join categories c on c.id = pc.category_id where pc.store_id = p.store_id and pc.product_id = p.id)",
} as const;

/** Sort keys of the list (`$` is the table alias); the id breaks ties. */
const SORT_KEYS: Record<ProductFilter['sort'], string | null> = {
  created_at: null,
  updated_at: '$.updated_at',
  name: 'lower($.name)',
  price: '$.price',
  quantity: '$.quantity',
};

type ProductRow = Omit<ProductsTable, 'store_id'> & { categories: unknown };
/** A list row, with the columns of `ListOptions.extraColumns` when asked for. */
type ListRow = ProductRow & Record<string, unknown>;

export interface ListOptions {
  /**
   * More select-list expressions over the product `p` (such as another module's figures), read in
   * the page's one statement rather than one more per page. Pass an expression built once, not
   * one per request: the list's statement text is cached per expression (see `columnsKey`).
   */
  extraColumns?: RawBuilder<unknown>;
}

/**
 * A short name for each `extraColumns` expression, for the shape of a built statement. Callers
 * pass long-lived expressions (built once per module), so there are only a few.
 */
const EXTRA_COLUMN_KEYS = new WeakMap<RawBuilder<unknown>, string>();
let extraColumnKeys = 0;
function columnsKey(extra: RawBuilder<unknown> | undefined): string {
  if (!extra) return '-';
  let key = EXTRA_COLUMN_KEYS.get(extra);
  if (key === undefined) {
    key = String(++extraColumnKeys);
    EXTRA_COLUMN_KEYS.set(extra, key);
  }
  return key;
}

function parseJsonArray<T>(value: unknown): T[] {
  if (value == null) return [];
  // Most products have no images: skip the parser for the empty array (every list row).
  if (typeof value === 'string') return value === '[]' ? [] : (JSON.parse(value) as T[]);
  return value as T[];
}

export function toProduct(row: ProductRow): Product {
  const categories = parseJsonArray<CategoryRef>(row.categories);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    sku: row.sku,
    barcode: row.barcode,
    unit: row.unit,
    price: Number(row.price),
    cost_price: row.cost_price == null ? null : Number(row.cost_price),
    sale_price: row.sale_price == null ? null : Number(row.sale_price),
    track_stock: row.track_stock === 1,
    quantity: Number(row.quantity),
    low_stock_threshold: Number(row.low_stock_threshold),
    stock_status: stockStateOf(row),
    status: row.status,
    images: parseJsonArray<string>(row.images),
    category_ids: categories.map((c) => c.id),
    categories,
    category: categories[0]?.name ?? null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export interface ProductForSale {
  id: string;
  name: string;
  sku: string;
  barcode: string;
  unit: string;
  price: number;
  sale_price: number | null;
  cost_price: number | null;
  track_stock: boolean;
  quantity: number;
  status: ProductStatus;
  category_ids: string[];
}

type ForSaleRow = Pick<
  ProductsTable,
  | 'id'
  | 'name'
  | 'sku'
  | 'barcode'
  | 'unit'
  | 'price'
  | 'sale_price'
  | 'cost_price'
  | 'track_stock'
  | 'quantity'
  | 'status'
>;

/** A product row as its creator builds it; the stock state is derived on insert. */
export type NewProductRow = Omit<ProductsTable, 'stock_state'>;

/** The statement `forSale` runs for `n` products; one text per count, built once. */
const forSaleText = (n: number) =>
  `select p.id, p.name, p.sku, p.barcode, p.unit, p.price, p.sale_price, p.cost_price, p.track_stock,
     p.quantity, p.status, pc.category_id
   from products p
   left join product_categories pc on pc.store_id = p.store_id and pc.product_id = p.id
   where p.store_id = ? and p.id in (${placeholders(n)})`;
const FOR_SALE_TEXTS: string[] = [];

/** Rows per insert statement (17 columns at most: within both engines' parameter limits). */
const BATCH = 1000;

/** Products, categories and the stock ledger of one store; every query is built from its id. */
export function productsRepository(db: Db, storeId: string) {
  const postgres = engineOf(db as Kysely<unknown>) === 'postgres';
  const productColumns = sql.raw(
    `${COLUMNS}, ${CATEGORIES_JSON[postgres ? 'postgres' : 'sqlite']} as categories`,
  );
  const columnsOf = (extra: RawBuilder<unknown> | undefined) =>
    extra ? sql`${productColumns}, ${extra}` : productColumns;

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
      ListRow & { total: number | string }
    >`select ${cols}, k.total from (${ids}) k cross join products p where p.id = k.id and p.store_id = ${storeId} order by ${order}`.execute(
      db,
    );
    const total = rows.length ? Number(rows[0]!.total) : await searchCount(db, storeId, kinds, words);
    return pageOf(rows, total, f);
  }

  /**
   * The default list (every product of a status, newest first). The total is the maintained
   * counter; the page starts from the nearest remembered page start (see `pageStarts`) when
   * nothing moved since, so a deep page costs like the first one once it was visited.
   */
  async function newestList(
    f: ProductFilter,
    dir: 'asc' | 'desc',
    extraColumns: RawBuilder<unknown> | undefined,
  ): Promise<Page<ListRow>> {
    const statuses = f.status === 'all' ? (['active', 'archived'] as const) : ([f.status] as const);
    const counters = await readCounterValues(db, storeId, [
      ...statuses.map(productCounter),
      POSITIONS_COUNTER,
    ]);
    const total = statuses.reduce((sum, st) => sum + (counters.get(productCounter(st)) ?? 0), 0);
    const offset = offsetOf(f);
    const starts = pageStarts(`${storeId}|${f.status}|${dir}|${counters.get(POSITIONS_COUNTER) ?? 0}`);
    let from = 0;
    let fromId: string | undefined;
    for (const [at, id] of starts) {
      if (at <= offset && at >= from) {
        from = at;
        fromId = id;
      }
    }
    // The statement's text depends only on this shape, so it is built once (see `runBuilt`).
    const shape = `products.newest|${columnsKey(extraColumns)}|${f.status === 'all' ? 'all' : 'status'}|${fromId === undefined ? '' : 'after'}|${dir}|${f.perPage}`;
    const parameters: unknown[] = [storeId];
    if (f.status !== 'all') parameters.push(f.status);
    if (fromId !== undefined) parameters.push(fromId);
    parameters.push(offset - from);
    const { rows } = await runBuilt<ListRow>(
      db,
      shape,
      () => {
        const after =
          fromId === undefined
            ? sql``
            : dir === 'desc'
              ? sql`and products.id <= ${fromId}`
              : sql`and products.id >= ${fromId}`;
        const ids = sql`select products.id from products where ${whereOf(f)} ${after} order by products.id ${sql.raw(dir)} limit ${limitCount(f.perPage)} offset ${offset - from}`;
        return sql<ListRow>`select ${columnsOf(extraColumns)} from (${ids}) k cross join products p where p.id = k.id order by p.id ${sql.raw(dir)}`;
      },
      parameters,
    );
    if (rows[0]) rememberPageStart(starts, offset, rows[0].id);
    return pageOf(rows, total, f);
  }

  const isUnfiltered = (f: ProductFilter) =>
    !f.categoryId && !f.stock && !(f.search !== undefined && queryWords(f.search).length);

  return {
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
    async listRows(f: ProductFilter, options: ListOptions = {}): Promise<Page<ListRow>> {
      const cols = columnsOf(options.extraColumns);
      // Hand-written SQL: building these with the query builder cost more CPU than running them.
      const dir =
        (f.order ?? (f.sort === 'created_at' || f.sort === 'updated_at' ? 'desc' : 'asc')) === 'asc'
          ? 'asc'
          : 'desc';
      const words = f.search === undefined ? [] : queryWords(f.search);
      if (words.length && !f.categoryId && !f.stock && (f.sort === 'name' || f.sort === 'created_at')) {
        return searchList(f, words, dir, cols);
      }
      if (isUnfiltered(f) && f.sort === 'created_at') return newestList(f, dir, options.extraColumns);
      const key = SORT_KEYS[f.sort];
      const where = whereOf(f);
      const order = (alias: string) =>
        sql.raw(`${key ? `${key.replace('$', alias)} ${dir}, ` : ''}${alias}.id ${dir}`);
      const ids = sql`select products.id from products where ${where} order by ${order('products')} limit ${limitCount(f.perPage)} offset ${offsetOf(f)}`;
      const [items, total] = await Promise.all([
        sql<ListRow>`select ${cols} from (${ids}) k cross join products p where p.id = k.id order by ${order('p')}`.execute(
          db,
        ),
        isUnfiltered(f)
          ? readCounters(
              db,
              storeId,
              f.status === 'all'
                ? [productCounter('active'), productCounter('archived')]
                : [productCounter(f.status)],
            )
          : sql<{ n: number | string }>`select count(*) as n from products where ${where}`
              .execute(db)
              .then((r) => Number(r.rows[0]?.n ?? 0)),
      ]);
      return pageOf(items.rows, total, f);
    },

    /** Every product matching the filters, in list order, a batch at a time (exports). */
    async *each(f: Omit<ProductFilter, 'page' | 'perPage'>, batch = 500): AsyncGenerator<Product[]> {
      for (let page = 1; ; page++) {
        const rows = await this.list({ ...f, page, perPage: batch }).then((p) => p.items);
        if (rows.length) yield rows;
        if (rows.length < batch) return;
      }
    },

    async get(id: string): Promise<Product | undefined> {
      const { rows } =
        await sql<ProductRow>`select ${productColumns} from products p where p.store_id = ${storeId} and p.id = ${id}`.execute(
          db,
        );
      return rows[0] && toProduct(rows[0]);
    },

    /** The stored row, locked for the rest of the transaction on PostgreSQL. */
    async rowForUpdate(id: string): Promise<ProductsTable | undefined> {
      const q = db.selectFrom('products').selectAll().where('store_id', '=', storeId).where('id', '=', id);
      return (postgres ? q.forUpdate() : q).executeTakeFirst();
    },

    /** Exact barcode, else exact SKU. */
    async findByCode(code: string): Promise<Product | undefined> {
      const { rows } =
        await sql<ProductRow>`select ${productColumns} from products p where p.store_id = ${storeId} and (p.barcode = ${code} or p.sku = ${code}) order by case when p.barcode = ${code} then 0 else 1 end limit 1`.execute(
          db,
        );
      return rows[0] && toProduct(rows[0]);
    },

    /** Products already holding one of these SKUs or barcodes (duplicate checks, import matching). */
    async findByCodes(skus: string[], barcodes: string[]) {
      const found: Array<Pick<ProductsTable, 'id' | 'name' | 'sku' | 'barcode'>> = [];
      const seen = new Set<string>();
      const run = async (column: 'sku' | 'barcode', values: string[]) => {
        for (let i = 0; i < values.length; i += 500) {
          const rows = await db
            .selectFrom('products')
            .select(['id', 'name', 'sku', 'barcode'])
            .where('store_id', '=', storeId)
            .where(column, 'in', values.slice(i, i + 500))
            .execute();
          for (const r of rows) {
            if (!seen.has(r.id)) {
              seen.add(r.id);
              found.push(r);
            }
          }
        }
      };
      if (skus.length) await run('sku', skus);
      if (barcodes.length) await run('barcode', barcodes);
      return found;
    },

    async rowsByIds(ids: string[]): Promise<ProductsTable[]> {
      const out: ProductsTable[] = [];
      for (let i = 0; i < ids.length; i += 500) {
        const q = db
          .selectFrom('products')
          .selectAll()
          .where('store_id', '=', storeId)
          .where('id', 'in', ids.slice(i, i + 500));
        out.push(...(await (postgres ? q.orderBy('id').forUpdate() : q).execute()));
      }
      return out;
    },

    /** Products whose lower-cased name is one of these (import rows without SKU or barcode). */
    async idsByNames(names: string[]) {
      const out: Array<{ id: string; key: string }> = [];
      for (let i = 0; i < names.length; i += 500) {
        const rows = await db
          .selectFrom('products')
          .select(['id', sql<string>`lower(name)`.as('key')])
          .where('store_id', '=', storeId)
          .where(sql`lower(name)`, 'in', names.slice(i, i + 500))
          .execute();
        out.push(...rows);
      }
      return out;
    },

    async forSale(ids: string[]): Promise<ProductForSale[]> {
      if (!ids.length) return [];
      const unique = [...new Set(ids)];
      // Plain SQL: every sale and quote runs this (decision 0009). One statement, a row per
      // (product, category): on PostgreSQL a second statement for the categories would be a
      // second round trip inside the sale's transaction.
      const { rows } = await runSql<ForSaleRow & { category_id: string | null }>(
        db,
        (FOR_SALE_TEXTS[unique.length] ??= forSaleText(unique.length)),
        [storeId, ...unique],
      );
      const byId = new Map<string, ProductForSale>();
      for (const r of rows) {
        let product = byId.get(r.id);
        if (!product) {
          product = {
            id: r.id,
            name: r.name,
            sku: r.sku,
            barcode: r.barcode,
            unit: r.unit,
            price: Number(r.price),
            sale_price: r.sale_price == null ? null : Number(r.sale_price),
            cost_price: r.cost_price == null ? null : Number(r.cost_price),
            track_stock: r.track_stock === 1,
            quantity: Number(r.quantity),
            status: r.status,
            category_ids: [],
          };
          byId.set(r.id, product);
        }
        if (r.category_id !== null) (product.category_ids as string[]).push(r.category_id);
      }
      return [...byId.values()];
    },

    /**
     * Inserts new products with their categories and search words, and bumps the maintained
     * counts. A row's quantity must be what the stock ledger records for it in the same
     * transaction (`applyStockMovements` from 0, or `recordOpeningStock`).
     */
    async insert(rows: NewProductRow[], categoryIds: Map<string, string[]>): Promise<void> {
      for (let i = 0; i < rows.length; i += BATCH) {
        await db
          .insertInto('products')
          .values(rows.slice(i, i + BATCH).map((r) => ({ ...r, stock_state: stockStateOf(r) })))
          .execute();
      }
      const links = rows.flatMap((r) =>
        (categoryIds.get(r.id) ?? []).map((category_id) => ({
          store_id: storeId,
          product_id: r.id,
          category_id,
        })),
      );
      for (let i = 0; i < links.length; i += BATCH) {
        await db
          .insertInto('product_categories')
          .values(links.slice(i, i + BATCH))
          .execute();
      }
      for (const status of ['active', 'archived'] as const) {
        const records = rows.filter((r) => r.status === status).map(productSearchRecord);
        if (records.length) await insertSearchTerms(db, storeId, searchKind(status), records);
      }
      for (const status of ['active', 'archived'] as const) {
        const n = rows.filter((r) => r.status === status).length;
        if (n) await bumpCounter(db, storeId, productCounter(status), n);
      }
      if (rows.length) await bumpCounter(db, storeId, POSITIONS_COUNTER, 1);
    },

    /** Changes stored fields (never `quantity`: stock moves through the ledger). */
    async update(
      before: ProductsTable,
      patch: Partial<Omit<ProductsTable, 'id' | 'store_id' | 'quantity' | 'created_at' | 'stock_state'>>,
    ): Promise<void> {
      const state =
        patch.track_stock !== undefined || patch.low_stock_threshold !== undefined
          ? { stock_state: stockStateOf({ ...before, ...patch }) }
          : {};
      await db
        .updateTable('products')
        .set({ ...patch, ...state })
        .where('store_id', '=', storeId)
        .where('id', '=', before.id)
        .execute();
      const after = { ...before, ...patch };
      if (
        after.name !== before.name ||
        after.sku !== before.sku ||
        after.barcode !== before.barcode ||
        after.status !== before.status
      ) {
        await setSearchTerms(db, storeId, searchKind(after.status), productSearchRecord(after));
      }
      if (after.status !== before.status) {
        await bumpCounter(db, storeId, productCounter(before.status), -1);
        await bumpCounter(db, storeId, productCounter(after.status), 1);
        await bumpCounter(db, storeId, POSITIONS_COUNTER, 1);
      }
    },

    async setCategories(productId: string, categoryIds: string[]): Promise<void> {
      await db
        .deleteFrom('product_categories')
        .where('store_id', '=', storeId)
        .where('product_id', '=', productId)
        .execute();
      if (categoryIds.length) {
        await db
          .insertInto('product_categories')
          .values(
            categoryIds.map((category_id) => ({ store_id: storeId, product_id: productId, category_id })),
          )
          .execute();
      }
    },

    /** Deletes a product, its category links, stock ledger and search words. */
    async remove(row: ProductsTable): Promise<void> {
      await db
        .deleteFrom('stock_movements')
        .where('store_id', '=', storeId)
        .where('product_id', '=', row.id)
        .execute();
      await db
        .deleteFrom('product_categories')
        .where('store_id', '=', storeId)
        .where('product_id', '=', row.id)
        .execute();
      await deleteSearchTerms(db, storeId, [row.id]);
      await db.deleteFrom('products').where('store_id', '=', storeId).where('id', '=', row.id).execute();
      await bumpCounter(db, storeId, productCounter(row.status), -1);
      await bumpCounter(db, storeId, POSITIONS_COUNTER, 1);
    },

    /**
     * True when something outside the catalogue refers to the product, so deleting it would lose
     * history: stock moved by a sale, refund, cancellation or purchase receipt. Modules that keep
     * product ids in their own tables (order lines, purchase-order lines) add their check here.
     */
    async isReferenced(productId: string): Promise<boolean> {
      const row = await db
        .selectFrom('stock_movements')
        .select('id')
        .where('store_id', '=', storeId)
        .where('product_id', '=', productId)
        .where('reason', 'in', ['sale', 'cancellation', 'refund', 'purchase_receipt'])
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async existingSkus(skus: string[]): Promise<Set<string>> {
      const rows = skus.length
        ? await db
            .selectFrom('products')
            .select('sku')
            .where('store_id', '=', storeId)
            .where('sku', 'in', skus)
            .execute()
        : [];
      return new Set(rows.map((r) => r.sku));
    },

    async existingBarcodes(barcodes: string[]): Promise<Set<string>> {
      const rows = barcodes.length
        ? await db
            .selectFrom('products')
            .select('barcode')
            .where('store_id', '=', storeId)
            .where('barcode', 'in', barcodes)
            .execute()
        : [];
      return new Set(rows.map((r) => r.barcode));
    },

    /** Reserves `count` numbers of the store's SKU sequence; returns the first. */
    async reserveSkuNumbers(count: number): Promise<number> {
      const last = await bumpCounter(db, storeId, SKU_SEQUENCE, count);
      return last - count + 1;
    },

    async movements(productId: string, q: { page: number; perPage: number }): Promise<Page<StockMovement>> {
      const base = db
        .selectFrom('stock_movements')
        .where('store_id', '=', storeId)
        .where('product_id', '=', productId);
      const [rows, total] = await Promise.all([
        base.selectAll().orderBy('id', 'desc').limit(q.perPage).offset(offsetOf(q)).execute(),
        base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return pageOf(
        rows.map((r) => ({
          id: r.id,
          product_id: r.product_id,
          reason: r.reason,
          quantity_change: Number(r.quantity_change),
          quantity_before: Number(r.quantity_before),
          quantity_after: Number(r.quantity_after),
          actor_type: r.actor_type,
          actor_id: r.actor_id,
          actor_name: r.actor_name,
          reference_type: r.reference_type,
          reference_id: r.reference_id,
          note: r.note,
          created_at: r.created_at,
        })),
        Number(total.n),
        q,
      );
    },

    /** Sum of the ledger per product (the invariant quantity = sum of movements). */
    async ledgerSum(productId: string): Promise<number> {
      const row = await db
        .selectFrom('stock_movements')
        .select((eb) => eb.fn.sum<number | string | null>('quantity_change').as('n'))
        .where('store_id', '=', storeId)
        .where('product_id', '=', productId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    // Categories

    async listCategories(): Promise<Category[]> {
      // A count per category from the (store_id, category_id) index, rather than grouping
      // every product link of the store.
      const { rows } = await sql<
        Omit<Category, 'products_count'> & { products_count: number | string }
      >`select c.id, c.name, c.description, c.created_at, c.updated_at,
          (select count(*) from product_categories pc where pc.store_id = c.store_id and pc.category_id = c.id) as products_count
        from categories c where c.store_id = ${storeId} order by c.id desc`.execute(db);
      return rows.map((r) => ({ ...r, products_count: Number(r.products_count) }));
    },

    async categoriesByIds(ids: string[]): Promise<CategoryRef[]> {
      if (!ids.length) return [];
      return db
        .selectFrom('categories')
        .select(['id', 'name'])
        .where('store_id', '=', storeId)
        .where('id', 'in', ids)
        .execute();
    },

    async categoriesByNames(names: string[]): Promise<Array<CategoryRef & { key: string }>> {
      if (!names.length) return [];
      return db
        .selectFrom('categories')
        .select(['id', 'name', sql<string>`lower(name)`.as('key')])
        .where('store_id', '=', storeId)
        .where(
          sql`lower(name)`,
          'in',
          names.map((n) => n.toLowerCase()),
        )
        .execute();
    },

    async insertCategories(rows: CategoriesTable[]): Promise<void> {
      for (let i = 0; i < rows.length; i += BATCH) {
        await db
          .insertInto('categories')
          .values(rows.slice(i, i + BATCH))
          .execute();
      }
    },
  };
}

export type ProductsRepository = ReturnType<typeof productsRepository>;
