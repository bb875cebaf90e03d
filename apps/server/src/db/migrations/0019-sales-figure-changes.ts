import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Issue 18 (the order path at 0.9× of its speed before the figures): a sale no longer adds to the
 * sales figures' rows itself. It writes one row here with what it adds (the same numbers it used
 * to upsert), and the figures are added up from these rows after it commits, a store at a time,
 * before any figure of the store is read and every second in the background (decision 0031,
 * addendum "Changes rolled up after the commit"). The rows of a store sort by the time they were
 * made (UUIDv7), so a sale's insert lands on the store's last page.
 *
 * Also: the two offline-sale indexes of migration 0014 hold only the orders that came from the
 * till's queue (partial indexes), so an order sold online writes no entry in them. Every query
 * that reads them compares the column with a value, which implies it is not null.
 */
/** The number columns of `sales_days` (migrations 0011 and 0018), in order. */
const DAY_NUMBERS = [
  'placed',
  'placed_total',
  'cancelled',
  'completed',
  'refunded_orders',
  'gross',
  'discounts',
  'refunds',
  'tax',
  'shipping',
  'total',
  'units',
  'cost',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('sales_figure_changes')
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    // The store-local day the change moves (the day its order was placed).
    .addColumn('day', 'text', (c) => c.notNull())
    // What the change adds to the day's row of `sales_days` (same columns)…
    .$call((b) => {
      let t = b;
      for (const c of DAY_NUMBERS) t = t.addColumn(c, 'bigint', (col) => col.notNull().defaultTo(0));
      return t;
    })
    // …and per product and customer: JSON arrays [[product, units, revenue, cost]] and
    // [[customer, orders, spent]], or null.
    .addColumn('products', 'text')
    .addColumn('customers', 'text')
    .addPrimaryKeyConstraint('sales_figure_changes_pkey', ['store_id', 'id'])
    .$call((b) => (postgres ? b : b.modifyEnd(sql`without rowid`)))
    .execute();

  await db.schema.dropIndex('orders_store_offline_number_key').execute();
  await db.schema
    .createIndex('orders_store_offline_number_key')
    .on('orders')
    .columns(['store_id', 'offline_number'])
    .unique()
    .where(sql.ref('offline_number'), 'is not', null)
    .execute();
  await db.schema.dropIndex('orders_store_offline_state_idx').execute();
  await db.schema
    .createIndex('orders_store_offline_state_idx')
    .on('orders')
    .columns(['store_id', 'offline_state'])
    .where(sql.ref('offline_state'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_store_offline_state_idx').execute();
  await db.schema
    .createIndex('orders_store_offline_state_idx')
    .on('orders')
    .columns(['store_id', 'offline_state'])
    .execute();
  await db.schema.dropIndex('orders_store_offline_number_key').execute();
  await db.schema
    .createIndex('orders_store_offline_number_key')
    .on('orders')
    .columns(['store_id', 'offline_number'])
    .unique()
    .execute();
  await db.schema.dropTable('sales_figure_changes').execute();
}
