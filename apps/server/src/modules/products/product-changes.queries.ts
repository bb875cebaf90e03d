import { sellingPrice } from '@tillbook/contract/pricing';
import type { Product } from '@tillbook/contract/products';
import { sql, type Kysely, type Transaction } from 'kysely';
import { engineOf } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import type { StoreContext } from '../../lib/context.js';
import { toProduct, type ProductRow } from './product-rows.js';
import { productColumnsIn } from './products.repository.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Where a reading of changes stopped: the last change's time and the id read last at that time. */
export interface ChangePosition {
  at: string;
  id: string;
}

/**
 * Products changed after `after` (every product when null), oldest change first, at most `limit`:
 * what the till's copy of the catalogue is brought up to date with (decision 0036). A stock
 * change moves `updated_at` too (once it is more than `STOCK_STAMP_MS` old: `stock.service.ts`),
 * so the till sees quantities change. Read by the index on
 * `(store_id, updated_at, id)`.
 */
export async function productsChangedSince(
  db: Db,
  ctx: Pick<StoreContext, 'storeId'>,
  after: ChangePosition | null,
  limit: number,
): Promise<Product[]> {
  const postgres = engineOf(db as Kysely<unknown>) === 'postgres';
  const from = after
    ? sql`and (p.updated_at > ${after.at} or (p.updated_at = ${after.at} and p.id > ${after.id}))`
    : sql``;
  const { rows } = await sql<ProductRow>`select ${productColumnsIn(postgres, ctx.storeId)} from products p
    where p.store_id = ${ctx.storeId} ${from}
    order by p.updated_at, p.id limit ${limit}`.execute(db);
  return rows.map(toProduct);
}

/**
 * Ids of products deleted at or after `since` (the tombstones the till removes), from the
 * deletions' audit rows: a deleted product leaves nothing else behind.
 */
export async function productsDeletedSince(
  db: Db,
  ctx: Pick<StoreContext, 'storeId'>,
  since: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('audits')
    .select('entity_id')
    .where('store_id', '=', ctx.storeId)
    .where('created_at', '>=', since)
    .where('action', '=', 'product.deleted')
    .execute();
  return [...new Set(rows.map((r) => r.entity_id).filter((id): id is string => id != null))];
}

/**
 * The price each product sold at when `at` was the time, for the products whose price or sale
 * price was changed since; a product missing from the answer still has the price it had then.
 * Each of the two fields is read on its own: its value then is the `before` of the first change
 * of it after `at` (audit rows keep only the fields that changed; product edits and imports both
 * write them), else today's value. Lets the orders module check that a till's offline price was
 * current when the till last brought its copy up to date.
 */
export async function sellingPricesAt(
  db: Db,
  ctx: Pick<StoreContext, 'storeId'>,
  ids: string[],
  at: string,
): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('audits')
    .select(['entity_id', 'before', 'created_at', 'id'])
    .where('store_id', '=', ctx.storeId)
    .where('entity', '=', 'product')
    .where('entity_id', 'in', ids)
    .where('action', '=', 'product.updated')
    .where('created_at', '>', at)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const then = new Map<string, { price?: number; sale_price?: number | null }>();
  for (const row of rows) {
    if (!row.entity_id || !row.before) continue;
    const before = JSON.parse(row.before) as { price?: number; sale_price?: number | null };
    const known = then.get(row.entity_id) ?? {};
    if (typeof before.price === 'number' && known.price === undefined) known.price = before.price;
    if ('sale_price' in before && !('sale_price' in known)) known.sale_price = before.sale_price ?? null;
    if ('price' in known || 'sale_price' in known) then.set(row.entity_id, known);
  }
  if (!then.size) return new Map();
  const today = await db
    .selectFrom('products')
    .select(['id', 'price', 'sale_price'])
    .where('store_id', '=', ctx.storeId)
    .where('id', 'in', [...then.keys()])
    .execute();
  const prices = new Map<string, number>();
  for (const p of today) {
    const known = then.get(p.id)!;
    prices.set(
      p.id,
      sellingPrice({
        price: known.price ?? p.price,
        sale_price: 'sale_price' in known ? known.sale_price! : p.sale_price,
      }),
    );
  }
  return prices;
}
