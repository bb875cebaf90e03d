import type { Product } from '@tillbook/contract/products';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { engineOf } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import { bumpCounter } from '../../lib/counters.js';
import { deleteSearchTerms, insertSearchTerms, setSearchTerms } from '../../lib/search-index.js';
import { readInParts } from '../../lib/sql.js';
import {
  POSITIONS_COUNTER,
  productCounter,
  productSearchRecord,
  searchKind,
  stockStateOf,
  toProduct,
  type NewProductRow,
  type ProductRow,
} from './product-rows.js';
import { categoriesRepository } from './categories.repository.js';
import type { ProductsTable, ProductVariantsTable } from './products.tables.js';
import { stockHistoryRepository } from './stock-history.repository.js';
import { MIRRORED, variantsRepository } from './variants.repository.js';

type Db = Kysely<Database> | Transaction<Database>;
const SKU_SEQUENCE = 'products.sku_sequence';

/** Rows per insert statement (17 columns at most: within both engines' parameter limits). */
const BATCH = 1000;

const COLUMNS =
  'p.id, p.name, p.description, p.sku, p.barcode, p.unit, p.price, p.cost_price, p.sale_price, p.track_stock, p.quantity, p.low_stock_threshold, p.status, p.images, p.created_at, p.updated_at';

const VARIANT_FIELDS = (fn: string) =>
  `${fn}('id', v.id, 'position', v.position, 'option_values', v.option_values, 'name', v.name, 'sku', v.sku, 'barcode', v.barcode, 'price', v.price, 'cost_price', v.cost_price, 'sale_price', v.sale_price, 'quantity', v.quantity, 'low_stock_threshold', v.low_stock_threshold, 'image', v.image, 'status', v.status)`;
const PACK_FIELDS = (fn: string) =>
  `${fn}('variant_id', k.variant_id, 'position', k.position, 'name', k.name, 'factor', k.factor, 'barcode', k.barcode, 'price', k.price)`;

/**
 * A product's options, variants and packs as one JSON column, `{"o": [...], "v": [...], "k": [...]}`, read only when
 * it has options, more than one variant or any pack (`variant_count`, `pack_count`): most
 * products are their own one variant, and a list of them reads no variant row and carries one
 * null. The text is split where the store is bound (twice: the variants', the packs').
 */
export const SHAPE_JSON = {
  postgres: [
    `(case when p.variant_count > 1 or p.pack_count > 0 or p.options <> '[]' then json_build_object('o', cast(p.options as json), 'v', (select json_agg(${VARIANT_FIELDS('json_build_object')}) from product_variants v where v.store_id = `,
    ` and v.product_id = p.id), 'k', (select json_agg(${PACK_FIELDS('json_build_object')}) from product_packs k where k.store_id = `,
    ' and k.product_id = p.id)) end)',
  ],
  sqlite: [
    // json(): a subquery's value reaches json_object as text, which it would quote.
    `(case when p.variant_count > 1 or p.pack_count > 0 or p.options <> '[]' then json_object('o', json(p.options), 'v', json((select json_group_array(${VARIANT_FIELDS('json_object')}) from product_variants v where v.store_id = `,
    ` and v.product_id = p.id)), 'k', json((select json_group_array(${PACK_FIELDS('json_object')}) from product_packs k where k.store_id = `,
    ' and k.product_id = p.id))) end)',
  ],
} as const;

/**
 * A product's categories as a JSON array in the same statement, on either engine: the text before
 * and after the store its links are read in. The category is joined by its store as well: on
 * PostgreSQL its key is (store_id, id) (migration 0022), and by `id` alone each product's
 * categories were found by scanning the store's categories.
 */
const CATEGORIES_JSON = {
  postgres: [
    "(select json_agg(json_build_object('id', c.id, 'name', c.name) order by c.name, c.id) from product_categories pc join categories c on c.store_id = pc.store_id and c.id = pc.category_id where pc.store_id = ",
    ' and pc.product_id = p.id)',
  ],
  sqlite: [
    "(select json_group_array(json_object('id', c.id, 'name', c.name) order by c.name, c.id) from product_categories pc join categories c on c.store_id = pc.store_id and c.id = pc.category_id where pc.store_id = ",
    ' and pc.product_id = p.id)',
  ],
} as const;

/**
 * The select list of a product (`p`) of the store `storeId` with its categories, on the engine
 * given. It binds the store (once): the
 * categories' subquery names the store as a value, not as the product's column. Citus routes a
 * statement to the store's worker only when every table in it, subqueries included, is filtered
 * by the store as a value; `pc.store_id = p.store_id` sent the product list to all 32 shards.
 */
export const productColumnsIn = (postgres: boolean, storeId: string): RawBuilder<unknown> => {
  const engine = postgres ? 'postgres' : 'sqlite';
  const [head, tail] = CATEGORIES_JSON[engine];
  const [a, b, c] = SHAPE_JSON[engine];
  return sql`${sql.raw(`${COLUMNS}, ${head}`)}${storeId}${sql.raw(`${tail} as categories, ${a}`)}${storeId}${sql.raw(b)}${storeId}${sql.raw(`${c} as shape`)}`;
};

/** A new product's own variant: its id, codes, prices and (already recorded) stock. */
const ownVariantRow = (r: NewProductRow): ProductVariantsTable => ({
  store_id: r.store_id,
  id: r.id,
  product_id: r.id,
  position: 0,
  option_values: '{}',
  name: '',
  sku: r.sku,
  barcode: r.barcode,
  price: r.price,
  cost_price: r.cost_price,
  sale_price: r.sale_price,
  track_stock: r.track_stock,
  quantity: r.quantity,
  low_stock_threshold: r.low_stock_threshold,
  image: null,
  status: 'active',
  created_at: r.created_at,
  updated_at: r.updated_at,
});

/**
 * A product's own row mirrors its first variant (position 0): a change of the product's codes,
 * prices or threshold is that variant's too, and tracking is every variant's (decision 0064).
 */
async function mirrorToHead(db: Db, storeId: string, productId: string, patch: Partial<ProductsTable>) {
  const head: Partial<ProductVariantsTable> = {};
  for (const key of MIRRORED)
    if (patch[key] !== undefined) (head as Record<string, unknown>)[key] = patch[key];
  const variants = variantsRepository(db, storeId);
  if (Object.keys(head).length) {
    await db
      .updateTable('product_variants')
      .set(head)
      .where('store_id', '=', storeId)
      .where('product_id', '=', productId)
      .where('position', '=', 0)
      .execute();
  }
  if (patch.track_stock !== undefined) await variants.setTracking(productId, patch.track_stock);
}

/**
 * Products, categories and the stock ledger of one store; every query is built from its id.
 * The categories' queries are in `categories.repository.ts` and the ledger's reads in
 * `stock-history.repository.ts`, carried here so callers keep one repository. The list is in
 * `product-reads.repository.ts`, the barcode lookup and the lines of a sale in
 * `product-sale-reads.repository.ts`.
 */
export function productsRepository(db: Db, storeId: string) {
  const postgres = engineOf(db as Kysely<unknown>) === 'postgres';
  const productColumns = productColumnsIn(postgres, storeId);

  return {
    ...categoriesRepository(db, storeId),
    ...stockHistoryRepository(db, storeId),

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

    rowsByIds: (ids: string[]): Promise<ProductsTable[]> =>
      readInParts(ids, (part) => {
        const q = db
          .selectFrom('products')
          .selectAll()
          .where('store_id', '=', storeId)
          .where('id', 'in', part);
        return (postgres ? q.orderBy('id').forUpdate() : q).execute();
      }),

    /** Products whose lower-cased name is one of these (import rows without SKU or barcode). */
    idsByNames: (names: string[]) =>
      readInParts(names, (part) =>
        db
          .selectFrom('products')
          .select(['id', sql<string>`lower(name)`.as('key')])
          .where('store_id', '=', storeId)
          .where(sql`lower(name)`, 'in', part)
          .execute(),
      ),

    /**
     * Inserts new products with their categories and search words, and bumps the maintained
     * counts. A row's quantity must be what the stock ledger records for it in the same
     * transaction (`applyStockMovements` from 0, or `recordOpeningStock`).
     */
    async insert(rows: NewProductRow[], categoryIds: Map<string, string[]>): Promise<void> {
      for (let i = 0; i < rows.length; i += BATCH) {
        await db
          .insertInto('products')
          .values(
            rows.slice(i, i + BATCH).map((r) => ({
              options: '[]',
              variant_count: 1,
              pack_count: 0,
              ...r,
              stock_state: stockStateOf(r),
            })),
          )
          .execute();
      }
      // Every product is sold as at least its own variant, which shares its id (decision 0064).
      await variantsRepository(db, storeId).insertVariants(rows.map(ownVariantRow));
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
      await mirrorToHead(db, storeId, before.id, patch);
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
      await variantsRepository(db, storeId).removeAll(row.id);
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
     * Which of these SKUs (or barcodes) a variant of the store holds already (every product's
     * own codes are its own variant's), or, for barcodes, a pack.
     */
    async existingCodes(column: 'sku' | 'barcode', codes: string[]): Promise<Set<string>> {
      const owners = await variantsRepository(db, storeId).owners(
        column === 'sku' ? codes : [],
        column === 'barcode' ? codes : [],
      );
      return new Set(owners.map((o) => o.code));
    },

    /** Names, SKUs and image lists of some products, 500 ids a statement; deleted ones are absent. */
    labelRows: (ids: readonly string[]) =>
      readInParts([...new Set(ids)], (part) =>
        db
          .selectFrom('products')
          .select(['id', 'name', 'sku', 'images'])
          .where('store_id', '=', storeId)
          .where('id', 'in', part)
          .execute(),
      ),

    costPrice: (id: string) =>
      db
        .selectFrom('products')
        .select('cost_price')
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .executeTakeFirst(),

    async setCostPrice(id: string, costPrice: number, updatedAt: string): Promise<void> {
      await db
        .updateTable('products')
        .set({ cost_price: costPrice, updated_at: updatedAt })
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .execute();
      await mirrorToHead(db, storeId, id, { cost_price: costPrice });
    },

    /** Reserves `count` numbers of the store's SKU sequence; returns the first. */
    async reserveSkuNumbers(count: number): Promise<number> {
      const last = await bumpCounter(db, storeId, SKU_SEQUENCE, count);
      return last - count + 1;
    },
  };
}

export type ProductsRepository = ReturnType<typeof productsRepository>;
