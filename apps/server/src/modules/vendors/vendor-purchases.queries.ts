import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * What vendors read of the purchase-order tables: the summary on a vendor's page. The
 * purchase-orders module uses vendors, so vendors cannot ask it; this read is the one place the
 * vendors module knows its tables, and it only reads them (decision 0025).
 */
export async function vendorPurchaseSummary(
  db: Kysely<Database> | Transaction<Database>,
  storeId: string,
  vendorId: string,
) {
  const row = await db
    .selectFrom('purchase_orders')
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn
        .sum<number>(
          eb.case().when('status', 'in', ['draft', 'issued', 'partially_received']).then(1).else(0).end(),
        )
        .as('open_count'),
      eb.fn
        .sum<number>(eb.case().when('status', '!=', 'cancelled').then(eb.ref('total')).else(0).end())
        .as('total_ordered'),
      eb.fn.max('order_date').as('last_order_date'),
    ])
    .where('store_id', '=', storeId)
    .where('vendor_id', '=', vendorId)
    .executeTakeFirstOrThrow();
  return {
    count: row.count,
    open_count: row.open_count ?? 0,
    total_ordered: row.total_ordered ?? 0,
    last_order_date: (row.last_order_date as string | null) ?? null,
  };
}
