import { sql, type Kysely } from 'kysely';

/**
 * Stock filters and "new customers" without reading whole tables: each product keeps its stock
 * state (in_stock, low_stock, out_of_stock; untracked products are in stock), set with every
 * quantity or threshold change, and indexed with its status; customers are indexed by the date
 * they were added.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('stock_state', 'text', (c) => c.notNull().defaultTo('in_stock'))
    .execute();
  await sql`update products set stock_state = case
      when track_stock = 0 then 'in_stock'
      when quantity <= 0 then 'out_of_stock'
      when quantity <= low_stock_threshold then 'low_stock'
      else 'in_stock' end`.execute(db);
  await db.schema
    .createIndex('products_store_status_stock_idx')
    .on('products')
    .columns(['store_id', 'status', 'stock_state', 'id'])
    .execute();
  await db.schema
    .createIndex('customers_store_created_idx')
    .on('customers')
    .columns(['store_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('customers_store_created_idx').execute();
  await db.schema.dropIndex('products_store_status_stock_idx').execute();
  await db.schema.alterTable('products').dropColumn('stock_state').execute();
}
