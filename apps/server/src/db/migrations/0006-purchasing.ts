import { sql, type Kysely } from 'kysely';

/** Vendors with addresses, purchase orders, their lines and receipts. Runs on SQLite and PostgreSQL. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('vendors')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('company_name', 'text')
    .addColumn('email', 'text')
    .addColumn('phone_number', 'text')
    .addColumn('website', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('vendors_store_status_id_idx')
    .on('vendors')
    .columns(['store_id', 'status', 'id'])
    .execute();
  await sql`create index vendors_store_name_idx on vendors (store_id, lower(name))`.execute(db);

  await db.schema
    .createTable('vendor_addresses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull())
    .addColumn('vendor_id', 'text', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
    .addColumn('label', 'text')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('line1', 'text', (c) => c.notNull())
    .addColumn('line2', 'text')
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text')
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('postal_code', 'text')
    .addColumn('is_default', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('vendor_addresses_store_vendor_idx')
    .on('vendor_addresses')
    .columns(['store_id', 'vendor_id', 'type'])
    .execute();

  await db.schema
    .createTable('purchase_orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('vendor_id', 'text', (c) => c.notNull().references('vendors.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('order_date', 'text', (c) => c.notNull())
    .addColumn('expected_date', 'text')
    .addColumn('notes', 'text')
    .addColumn('subtotal', 'bigint', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull())
    .addColumn('quantity_ordered', 'bigint', (c) => c.notNull())
    .addColumn('quantity_received', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('issued_at', 'text')
    .addColumn('received_at', 'text')
    .addColumn('cancelled_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('purchase_orders_store_number_key', ['store_id', 'number'])
    .execute();
  await db.schema
    .createIndex('purchase_orders_store_id_idx')
    .on('purchase_orders')
    .columns(['store_id', 'id'])
    .execute();
  await db.schema
    .createIndex('purchase_orders_store_status_idx')
    .on('purchase_orders')
    .columns(['store_id', 'status', 'id'])
    .execute();
  await db.schema
    .createIndex('purchase_orders_store_vendor_idx')
    .on('purchase_orders')
    .columns(['store_id', 'vendor_id', 'id'])
    .execute();

  await db.schema
    .createTable('purchase_order_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull())
    .addColumn('purchase_order_id', 'text', (c) =>
      c.notNull().references('purchase_orders.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('sku', 'text')
    .addColumn('barcode', 'text')
    .addColumn('quantity', 'bigint', (c) => c.notNull())
    .addColumn('unit_cost', 'bigint', (c) => c.notNull())
    .addColumn('line_total', 'bigint', (c) => c.notNull())
    .addColumn('quantity_received', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('purchase_order_items_store_po_idx')
    .on('purchase_order_items')
    .columns(['store_id', 'purchase_order_id', 'position'])
    .execute();
  await db.schema
    .createIndex('purchase_order_items_store_product_idx')
    .on('purchase_order_items')
    .columns(['store_id', 'product_id'])
    .execute();

  await db.schema
    .createTable('purchase_receipts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull())
    .addColumn('purchase_order_id', 'text', (c) =>
      c.notNull().references('purchase_orders.id').onDelete('cascade'),
    )
    .addColumn('note', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('purchase_receipts_store_po_idx')
    .on('purchase_receipts')
    .columns(['store_id', 'purchase_order_id'])
    .execute();

  await db.schema
    .createTable('purchase_receipt_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull())
    .addColumn('receipt_id', 'text', (c) =>
      c.notNull().references('purchase_receipts.id').onDelete('cascade'),
    )
    .addColumn('purchase_order_item_id', 'text', (c) =>
      c.notNull().references('purchase_order_items.id').onDelete('cascade'),
    )
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('quantity', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('purchase_receipt_items_store_receipt_idx')
    .on('purchase_receipt_items')
    .columns(['store_id', 'receipt_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'purchase_receipt_items',
    'purchase_receipts',
    'purchase_order_items',
    'purchase_orders',
    'vendor_addresses',
    'vendors',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
