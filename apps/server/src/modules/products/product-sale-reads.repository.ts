import type { Product } from '@tillbook/contract/products';
import { sql, type Kysely, type Transaction } from 'kysely';
import { engineOf } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import { placeholders, runSql } from '../../lib/sql.js';
import { toProduct, variantsOf, type ProductForSale, type ProductRow } from './product-rows.js';
import { productColumnsIn, SHAPE_JSON } from './products.repository.js';
import type { ProductsTable } from './products.tables.js';

/**
 * What the till and a sale read of the catalogue: the product a scanned code names and the
 * products of a sale's lines. Each is one statement on a hot path (decision 0009); they are apart
 * from the list's reads (`product-reads.repository.ts`), which carry them, so callers reach them
 * through `productReads` (a sale through `getProductsForSale`, which builds only this).
 */

type Db = Kysely<Database> | Transaction<Database>;

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
  | 'low_stock_threshold'
> & { shape: unknown };

/** The statement `forSale` runs for `n` products; one text per count, built once. */
/**
 * A sale's products with their categories (a row per category) and, for the few with several
 * variants or any pack, those as JSON (decision 0064). Binds the store three times, then the ids.
 */
const forSaleText = (engine: 'postgres' | 'sqlite', n: number) => {
  const [a, b, c] = SHAPE_JSON[engine];
  return `select p.id, p.name, p.sku, p.barcode, p.unit, p.price, p.sale_price, p.cost_price, p.track_stock,
     p.quantity, p.low_stock_threshold, p.status, pc.category_id, ${a}?${b}?${c} as shape
   from products p
   left join product_categories pc on pc.store_id = p.store_id and pc.product_id = p.id
   where p.store_id = ? and p.id in (${placeholders(n)})`;
};
const FOR_SALE_TEXTS = { postgres: [] as string[], sqlite: [] as string[] };

/** The till's and a sale's reads of one store's catalogue; every query is built from its id. */
export function productSaleReads(db: Db, storeId: string) {
  const postgres = engineOf(db as Kysely<unknown>) === 'postgres';

  return {
    /**
     * What a scanned code names, in one statement (decision 0064): a variant's barcode, else a
     * pack's barcode, else a variant's SKU; the product row with the variant's id and the pack's
     * name. Each branch is a lookup by a unique key of the store.
     */
    async findByCode(
      code: string,
    ): Promise<{ product: Product; variantId: string; pack: string | null } | undefined> {
      // Built here, not with the object: every sale reaches `forSale` through this factory, and
      // building the column list is query-builder work a sale does not need.
      const productColumns = productColumnsIn(postgres, storeId);
      // Most scans are of a product's own barcode: its row mirrors its first variant's codes, and
      // a barcode is unique over variants, so a hit there names that variant (one lookup by the
      // products' barcode key, as before variants). A SKU hit or a miss asks every code.
      const { rows: own } =
        await sql<ProductRow>`select ${productColumns} from products p where p.store_id = ${storeId} and p.barcode = ${code}`.execute(
          db,
        );
      if (own[0]) {
        const product = toProduct(own[0]);
        const head = product.variants.find((v) => v.barcode === code) ?? product.variants[0]!;
        return { product, variantId: head.id, pack: null };
      }
      const joined = (alias: string) =>
        sql.raw(`join products p on p.store_id = ${alias}.store_id and p.id = ${alias}.product_id`);
      const { rows } = await sql<
        ProductRow & { match_rank: number; match_variant: string; match_pack: string | null }
      >`
        select * from (
          select 0 as match_rank, v.id as match_variant, null as match_pack, ${productColumns}
            from product_variants v ${joined('v')} where v.store_id = ${storeId} and v.barcode = ${code}
          union all
          select 1, k.variant_id, k.name, ${productColumns}
            from product_packs k ${joined('k')} where k.store_id = ${storeId} and k.barcode = ${code}
          union all
          select 2, v.id, null, ${productColumns}
            from product_variants v ${joined('v')} where v.store_id = ${storeId} and v.sku = ${code}
        ) found order by match_rank limit 1`.execute(db);
      const row = rows[0];
      return row && { product: toProduct(row), variantId: row.match_variant, pack: row.match_pack };
    },

    async forSale(ids: string[]): Promise<ProductForSale[]> {
      if (!ids.length) return [];
      const unique = [...new Set(ids)];
      // Plain SQL: every sale and quote runs this (decision 0009). One statement, a row per
      // (product, category): on PostgreSQL a second statement for the categories would be a
      // second round trip inside the sale's transaction.
      const { rows } = await runSql<ForSaleRow & { category_id: string | null }>(
        db,
        (FOR_SALE_TEXTS[postgres ? 'postgres' : 'sqlite'][unique.length] ??= forSaleText(
          postgres ? 'postgres' : 'sqlite',
          unique.length,
        )),
        [storeId, storeId, storeId, ...unique],
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
            price: r.price,
            sale_price: r.sale_price,
            cost_price: r.cost_price,
            track_stock: r.track_stock === 1,
            quantity: r.quantity,
            status: r.status,
            category_ids: [],
            variants: variantsOf(r as unknown as ProductRow),
          };
          byId.set(r.id, product);
        }
        if (r.category_id !== null) (product.category_ids as string[]).push(r.category_id);
      }
      return [...byId.values()];
    },
  };
}
