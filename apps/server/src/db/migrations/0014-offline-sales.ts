import type { Kysely } from 'kysely';

/**
 * Issue 20: the till sells offline (decision 0036). Orders keep the number the device gave an
 * offline sale beside their own, when it was sold, and what differed when it arrived; the store
 * sets its rules for such sales; the till's "changes since" reads products and customers by
 * their last change. Runs on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('offline_number', 'text').execute();
  await db.schema.alterTable('orders').addColumn('offline_sold_at', 'text').execute();
  // null (sold online), 'accepted', 'needs_review' or 'resolved'.
  await db.schema.alterTable('orders').addColumn('offline_state', 'text').execute();
  // JSON array of { kind, product_id, message }; null when there is nothing to say.
  await db.schema.alterTable('orders').addColumn('offline_issues', 'text').execute();
  // One order per device number: a sale replayed twice (two tabs, a lost answer) is found again.
  await db.schema
    .createIndex('orders_store_offline_number_key')
    .on('orders')
    .columns(['store_id', 'offline_number'])
    .unique()
    .execute();
  await db.schema
    .createIndex('orders_store_offline_state_idx')
    .on('orders')
    .columns(['store_id', 'offline_state'])
    .execute();

  await db.schema
    .createIndex('products_store_updated_idx')
    .on('products')
    .columns(['store_id', 'updated_at', 'id'])
    .execute();
  await db.schema
    .createIndex('customers_store_updated_idx')
    .on('customers')
    .columns(['store_id', 'updated_at', 'id'])
    .execute();

  await db.schema
    .createTable('till_settings')
    .addColumn('store_id', 'text', (c) => c.primaryKey().references('stores.id').onDelete('cascade'))
    .addColumn('offline_max_hours', 'integer', (c) => c.notNull())
    .addColumn('offline_max_sales', 'integer', (c) => c.notNull())
    .addColumn('offline_stock_rule', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('till_settings').execute();
  await db.schema.dropIndex('customers_store_updated_idx').execute();
  await db.schema.dropIndex('products_store_updated_idx').execute();
  await db.schema.dropIndex('orders_store_offline_state_idx').execute();
  await db.schema.dropIndex('orders_store_offline_number_key').execute();
  for (const column of ['offline_issues', 'offline_state', 'offline_sold_at', 'offline_number']) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
}
