import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Catalogue and customers: categories, products, their categories, the stock ledger, customers
 * and the word index used to search them. Runs on SQLite and PostgreSQL alike.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .createTable('categories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await sql`create unique index categories_store_name_key on categories (store_id, lower(name))`.execute(db);
  await db.schema
    .createIndex('categories_store_id_idx')
    .on('categories')
    .columns(['store_id', 'id'])
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('barcode', 'text', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('cost_price', 'bigint')
    .addColumn('sale_price', 'bigint')
    .addColumn('track_stock', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'bigint', (c) => c.notNull())
    .addColumn('low_stock_threshold', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('images', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('products_store_sku_key', ['store_id', 'sku'])
    .addUniqueConstraint('products_store_barcode_key', ['store_id', 'barcode'])
    .execute();
  // Lists page by these: the newest first (ids are time-ordered UUIDv7), by name, by price.
  await db.schema
    .createIndex('products_store_status_id_idx')
    .on('products')
    .columns(['store_id', 'status', 'id'])
    .execute();
  await sql`create index products_store_status_name_idx on products (store_id, status, lower(name), id)`.execute(
    db,
  );
  await db.schema
    .createIndex('products_store_status_price_idx')
    .on('products')
    .columns(['store_id', 'status', 'price', 'id'])
    .execute();

  await db.schema
    .createTable('product_categories')
    .addColumn('store_id', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('category_id', 'text', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('product_categories_pk', ['store_id', 'product_id', 'category_id'])
    .execute();
  await db.schema
    .createIndex('product_categories_category_idx')
    .on('product_categories')
    .columns(['store_id', 'category_id', 'product_id'])
    .execute();

  await db.schema
    .createTable('stock_movements')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('quantity_change', 'bigint', (c) => c.notNull())
    .addColumn('quantity_before', 'bigint', (c) => c.notNull())
    .addColumn('quantity_after', 'bigint', (c) => c.notNull())
    .addColumn('actor_type', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text')
    .addColumn('reference_type', 'text')
    .addColumn('reference_id', 'text')
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('stock_movements_product_idx')
    .on('stock_movements')
    .columns(['store_id', 'product_id', 'id'])
    .execute();
  await db.schema
    .createIndex('stock_movements_reference_idx')
    .on('stock_movements')
    .columns(['store_id', 'reference_type', 'reference_id'])
    .execute();

  await db.schema
    .createTable('customers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email_address', 'text')
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('city', 'text')
    .addColumn('state', 'text')
    .addColumn('country', 'text')
    .addColumn('notes', 'text')
    .addColumn('is_active', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('customers_store_email_key', ['store_id', 'email_address'])
    .addUniqueConstraint('customers_store_phone_key', ['store_id', 'phone_number'])
    .execute();
  await db.schema.createIndex('customers_store_id_idx').on('customers').columns(['store_id', 'id']).execute();
  await db.schema
    .createIndex('customers_store_active_idx')
    .on('customers')
    .columns(['store_id', 'is_active', 'id'])
    .execute();

  // Terms compare byte-wise so a prefix is a key range; SQLite's default collation already is.
  await db.schema
    .createTable('search_terms')
    .addColumn('store_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('term', 'text', (c) => (postgres ? c.notNull().modifyEnd(sql`collate "C"`) : c.notNull()))
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_terms_pk', ['store_id', 'kind', 'term', 'record_id'])
    .$call((b) => (postgres ? b : b.modifyEnd(sql`without rowid`)))
    .execute();
  await db.schema
    .createIndex('search_terms_record_idx')
    .on('search_terms')
    .columns(['store_id', 'record_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'search_terms',
    'customers',
    'stock_movements',
    'product_categories',
    'products',
    'categories',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
