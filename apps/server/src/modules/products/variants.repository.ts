import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { readInParts } from '../../lib/sql.js';
import type { ProductPacksTable, ProductVariantsTable } from './products.tables.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Rows per insert statement (19 columns: within both engines' parameter limits). */
const BATCH = 500;

async function insertInBatches<T extends 'product_variants' | 'product_packs'>(
  db: Db,
  table: T,
  rows: Array<T extends 'product_variants' ? ProductVariantsTable : ProductPacksTable>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + BATCH) as never)
      .execute();
  }
}

/** A variant's fields a product's own row mirrors (decision 0064): its first active variant's. */
export const MIRRORED = [
  'sku',
  'barcode',
  'price',
  'cost_price',
  'sale_price',
  'low_stock_threshold',
] as const;

/** Who holds a code: a variant (its SKU or barcode) or a pack (its barcode). */
export interface CodeOwner {
  productId: string;
  productName: string;
  variantId: string;
  code: string;
  kind: 'sku' | 'barcode' | 'pack';
}

/**
 * The variants and packs of one store's products (decision 0064). A product's own row keeps the
 * sum of its variants' stock and mirrors its first active variant's codes and prices; the
 * products service keeps both in the same transaction.
 */
export function variantsRepository(db: Db, storeId: string) {
  return {
    /** Every variant of a product, in position order (archived ones too). */
    variantsOf: (productId: string): Promise<ProductVariantsTable[]> =>
      db
        .selectFrom('product_variants')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('product_id', '=', productId)
        .orderBy('position')
        .orderBy('id')
        .execute(),

    packsOf: (productId: string): Promise<ProductPacksTable[]> =>
      db
        .selectFrom('product_packs')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('product_id', '=', productId)
        .orderBy('position')
        .execute(),

    insertVariants: (rows: ProductVariantsTable[]) => insertInBatches(db, 'product_variants', rows),

    async updateVariant(
      id: string,
      patch: Partial<Omit<ProductVariantsTable, 'store_id' | 'id' | 'product_id' | 'quantity'>>,
    ): Promise<void> {
      if (!Object.keys(patch).length) return;
      await db
        .updateTable('product_variants')
        .set(patch)
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .execute();
    },

    /** Stock tracking is the product's: every variant follows it. */
    async setTracking(productId: string, trackStock: number): Promise<void> {
      await db
        .updateTable('product_variants')
        .set({ track_stock: trackStock })
        .where('store_id', '=', storeId)
        .where('product_id', '=', productId)
        .execute();
    },

    async deleteVariants(ids: string[]): Promise<void> {
      if (!ids.length) return;
      await db
        .deleteFrom('product_packs')
        .where('store_id', '=', storeId)
        .where('variant_id', 'in', ids)
        .execute();
      await db
        .deleteFrom('product_variants')
        .where('store_id', '=', storeId)
        .where('id', 'in', ids)
        .execute();
    },

    /** The packs of one variant become exactly these. */
    async replacePacks(variantId: string, rows: ProductPacksTable[]): Promise<void> {
      await db
        .deleteFrom('product_packs')
        .where('store_id', '=', storeId)
        .where('variant_id', '=', variantId)
        .execute();
      await insertInBatches(db, 'product_packs', rows);
    },

    /** Deletes every variant and pack of a product (the product itself is being deleted). */
    async removeAll(productId: string): Promise<void> {
      await db
        .deleteFrom('product_packs')
        .where('store_id', '=', storeId)
        .where('product_id', '=', productId)
        .execute();
      await db
        .deleteFrom('product_variants')
        .where('store_id', '=', storeId)
        .where('product_id', '=', productId)
        .execute();
    },

    /** Keeps the product's counts of variant and pack rows (they decide whether a read joins them). */
    async recount(productId: string): Promise<{ variants: number; packs: number }> {
      const variants = await db
        .selectFrom('product_variants')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('store_id', '=', storeId)
        .where('product_id', '=', productId)
        .executeTakeFirstOrThrow();
      const packs = await db
        .selectFrom('product_packs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('store_id', '=', storeId)
        .where('product_id', '=', productId)
        .executeTakeFirstOrThrow();
      const counts = { variants: variants.n, packs: packs.n };
      await db
        .updateTable('products')
        .set({ variant_count: counts.variants, pack_count: counts.packs })
        .where('store_id', '=', storeId)
        .where('id', '=', productId)
        .execute();
      return counts;
    },

    /** Which of these variants have stock history or are on an order or purchase-order line. */
    async withHistory(ids: string[]): Promise<Set<string>> {
      if (!ids.length) return new Set();
      const rows = await db
        .selectFrom('stock_movements')
        .select('variant_id')
        .distinct()
        .where('store_id', '=', storeId)
        .where('variant_id', 'in', ids)
        .execute();
      return new Set(rows.map((r) => r.variant_id).filter((id): id is string => id !== null));
    },

    /** Variants and packs already holding one of these SKUs or barcodes (duplicate checks). */
    async owners(skus: string[], barcodes: string[]): Promise<CodeOwner[]> {
      const out: CodeOwner[] = [];
      const variants = async (column: 'sku' | 'barcode', values: string[]) => {
        const rows = await readInParts(values, (part) =>
          db
            .selectFrom('product_variants as v')
            .innerJoin('products as p', (j) =>
              j.onRef('p.store_id', '=', 'v.store_id').onRef('p.id', '=', 'v.product_id'),
            )
            .select(['v.id', 'v.product_id', 'p.name', `v.${column} as code`])
            .where('v.store_id', '=', storeId)
            .where(`v.${column}`, 'in', part)
            .execute(),
        );
        for (const r of rows) {
          out.push({
            productId: r.product_id,
            productName: r.name,
            variantId: r.id,
            code: r.code,
            kind: column,
          });
        }
      };
      if (skus.length) await variants('sku', skus);
      if (barcodes.length) {
        await variants('barcode', barcodes);
        const packs = await readInParts(barcodes, (part) =>
          db
            .selectFrom('product_packs as k')
            .innerJoin('products as p', (j) =>
              j.onRef('p.store_id', '=', 'k.store_id').onRef('p.id', '=', 'k.product_id'),
            )
            .select(['k.variant_id', 'k.product_id', 'p.name', 'k.barcode'])
            .where('k.store_id', '=', storeId)
            .where('k.barcode', 'in', part)
            .execute(),
        );
        for (const r of packs) {
          out.push({
            productId: r.product_id,
            productName: r.name,
            variantId: r.variant_id,
            code: r.barcode!,
            kind: 'pack',
          });
        }
      }
      return out;
    },
  };
}

export type VariantsRepository = ReturnType<typeof variantsRepository>;
