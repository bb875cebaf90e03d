import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { backfillSalesFigures } from './frozen/sales-figures-backfill.js';

/**
 * Issue 18: the sales figures every dashboard and report call reads (decision 0031), kept per
 * store and store-local day, per product and day, and per customer and day (with all-time totals
 * per product and customer), in the same
 * transaction as the sale, refund or cancellation that changes them. Filled here from the
 * orders already made, by this migration's frozen copy of the rebuild (decision 0050).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sales_days')
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    // Store-local date, YYYY-MM-DD.
    .addColumn('day', 'text', (c) => c.notNull())
    // Orders placed that day, whatever became of them.
    .addColumn('placed', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('cancelled', 'bigint', (c) => c.notNull().defaultTo(0))
    // Sales: orders completed (success, or refunded since).
    .addColumn('completed', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('refunded_orders', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('gross', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('discounts', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('refunds', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('tax', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('shipping', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('units', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('cost', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('sales_days_pkey', ['store_id', 'day'])
    .execute();

  await db.schema
    .createTable('sales_product_days')
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    // No foreign key: the figures of a deleted product stay in the reports.
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('units', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('revenue', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('cost', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('sales_product_days_pkey', ['store_id', 'day', 'product_id'])
    .execute();

  await db.schema
    .createTable('sales_customer_days')
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('orders', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('spent', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('sales_customer_days_pkey', ['store_id', 'day', 'customer_id'])
    .execute();

  // All-time totals per product and per customer, so the dashboard's top lists read one row per
  // product or customer instead of adding up every day.
  await db.schema
    .createTable('sales_products')
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('units', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('revenue', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('cost', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('sales_products_pkey', ['store_id', 'product_id'])
    .execute();
  await db.schema
    .createTable('sales_customers')
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('orders', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('spent', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('sales_customers_pkey', ['store_id', 'customer_id'])
    .execute();

  // Every sale of a store updates the same few rows (its day, its products): on PostgreSQL, room
  // on each page lets those updates stay on the page (HOT) instead of moving the row and its
  // index entries every time.
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const table of [
      'sales_days',
      'sales_product_days',
      'sales_customer_days',
      'sales_products',
      'sales_customers',
    ]) {
      await sql`alter table ${sql.table(table)} set (fillfactor = 50)`.execute(db);
    }
  }

  // Newest-first reads of a period (recent orders, the transactions list and its streamed export,
  // which pages by the last row sent): the id settles ties of one instant, so the index gives the
  // order and no read sorts a store's orders. It replaces the index without the id, so a sale
  // still maintains as many indexes.
  await db.schema.dropIndex('orders_store_created_idx').execute();
  await db.schema
    .createIndex('orders_store_created_idx')
    .on('orders')
    .columns(['store_id', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('payments_received_date_idx').execute();
  await db.schema
    .createIndex('payments_received_date_idx')
    .on('payments_received')
    .columns(['store_id', 'payment_date', 'id'])
    .execute();

  await backfillSalesFigures(db, { placedTotal: false });
}
