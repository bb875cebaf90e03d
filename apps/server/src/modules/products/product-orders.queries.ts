import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * What the catalogue reads of the tables of the modules above it: the sales figures of the
 * product list (order lines) and whether an order or a purchase-order line names a product.
 * Orders and purchase orders use products, so products cannot ask them; these reads are the one
 * place the catalogue knows their tables, and it only reads them (decision 0025).
 */

/** What `productSalesColumns` adds to a product list row. */
export interface ProductSalesColumns {
  units_sold: number;
  revenue: number;
}

/**
 * Select-list columns `units_sold` and `revenue` of the product `p`, a product of the store
 * `storeId`: completed (and refunded) orders, net of refunded quantities, revenue as decision
 * 0059 defines it. The product list
 * embeds them in its one page query, so showing sales costs no extra statement per page; each is
 * a probe of `order_items_product_idx`. The store is bound as a value in each subquery (twice in
 * all), not read from the product's row: Citus routes the statement to the store's worker only
 * when every table in it is filtered by the store as a value. The list caches its statement text
 * per function, so this is one long-lived function, not an expression built per call. Both are
 * numbers on either engine, never null (`coalesce(sum(…), 0)`; PostgreSQL's numeric sum is parsed
 * by the connection, decision 0054).
 */
export function productSalesColumns(storeId: string): RawBuilder<ProductSalesColumns> {
  return sql<ProductSalesColumns>`${SALES_TEXT[0]}${storeId}${SALES_TEXT[1]}${storeId}${SALES_TEXT[2]}`;
}

const salesSubquery = (expr: string) =>
  [
    `(select coalesce(sum(${expr}), 0) from order_items i join orders o on o.store_id = i.store_id and o.id = i.order_id where i.store_id = `,
    ` and i.product_id = p.id and i.quantity > 0 and o.status in ('success', 'refunded'))`,
  ] as const;

// Units in base units (decision 0064): a carton line's cartons × its factor.
const [unitsHead, unitsTail] = salesSubquery('(i.quantity - i.quantity_refunded) * i.pack_factor');
// Revenue is defined once (decision 0059, after 0031): the line total after its line discount and
// its share of the discount code, tax not added, less the refunded units' share of it rounded as
// `shareOfUnits` rounds (cumulative half-up, so `v − round(v·r/q)`), exactly what the sales
// figures keep per product, so Products and Sales by item show the same revenue.
const LINE_REVENUE = '(i.total - i.order_discount)';
const [revenueHead, revenueTail] = salesSubquery(
  `${LINE_REVENUE} - (${LINE_REVENUE} * i.quantity_refunded * 2 + i.quantity) / (i.quantity * 2)`,
);
const SALES_TEXT = [
  sql.raw(unitsHead),
  sql.raw(`${unitsTail} as units_sold, ${revenueHead}`),
  sql.raw(`${revenueTail} as revenue`),
] as const;

/** The distinct ids among `productIds` that `find` reads from a table of lines; no query for none. */
async function productIdsAmong(
  productIds: string[],
  find: (ids: string[]) => Promise<Array<{ product_id: string }>>,
): Promise<Set<string>> {
  const ids = [...new Set(productIds)];
  if (!ids.length) return new Set();
  return new Set((await find(ids)).map((r) => r.product_id));
}

/** The ids among `productIds` that appear on an order of the store (such products are archived, not deleted). */
export const productIdsOnOrders = (db: Db, storeId: string, productIds: string[]): Promise<Set<string>> =>
  productIdsAmong(productIds, (ids) =>
    db
      .selectFrom('order_items')
      .select('product_id')
      .distinct()
      .where('store_id', '=', storeId)
      .where('product_id', 'in', ids)
      .execute(),
  );

/** The ids among `productIds` on any purchase order of the store (such products are archived, not deleted). */
export const productIdsOnPurchaseOrders = (
  db: Db,
  storeId: string,
  productIds: string[],
): Promise<Set<string>> =>
  productIdsAmong(productIds, (ids) =>
    db
      .selectFrom('purchase_order_items')
      .select('product_id')
      .distinct()
      .where('store_id', '=', storeId)
      .where('product_id', 'in', ids)
      .execute(),
  );
