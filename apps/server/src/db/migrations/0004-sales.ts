import type { Kysely } from 'kysely';

/**
 * Sales: orders and their lines, refunds, discounts and payments received. Runs on SQLite and
 * PostgreSQL alike. Product and customer ids on orders are not foreign keys: an order keeps its
 * own copy of what was sold and to whom, and outlives both.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('payment_state', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('payment_type', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text')
    .addColumn('customer_name', 'text')
    .addColumn('customer_phone', 'text')
    .addColumn('customer_email', 'text')
    .addColumn('subtotal', 'bigint', (c) => c.notNull())
    .addColumn('discount', 'bigint', (c) => c.notNull())
    .addColumn('discount_id', 'text')
    .addColumn('discount_code', 'text')
    .addColumn('tax', 'bigint', (c) => c.notNull())
    .addColumn('taxes', 'text', (c) => c.notNull())
    .addColumn('tax_inclusive', 'integer', (c) => c.notNull())
    .addColumn('shipping', 'bigint', (c) => c.notNull())
    .addColumn('shipping_id', 'text')
    .addColumn('shipping_name', 'text')
    .addColumn('total', 'bigint', (c) => c.notNull())
    .addColumn('amount_received', 'bigint', (c) => c.notNull())
    .addColumn('amount_outstanding', 'bigint', (c) => c.notNull())
    .addColumn('change_due', 'bigint', (c) => c.notNull())
    .addColumn('refunded_total', 'bigint', (c) => c.notNull())
    .addColumn('amount_refunded', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('created_by_id', 'text')
    .addColumn('created_by_name', 'text')
    .addColumn('invoice_number', 'text')
    .addColumn('invoice_issued_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .addColumn('cancelled_at', 'text')
    .addColumn('refunded_at', 'text')
    .addUniqueConstraint('orders_store_number_key', ['store_id', 'number'])
    .addUniqueConstraint('orders_store_invoice_key', ['store_id', 'invoice_number'])
    .execute();
  // Lists page newest first (ids are time-ordered UUIDv7), by status, by customer; reports by date.
  await db.schema.createIndex('orders_store_id_idx').on('orders').columns(['store_id', 'id']).execute();
  await db.schema
    .createIndex('orders_store_status_idx')
    .on('orders')
    .columns(['store_id', 'status', 'id'])
    .execute();
  await db.schema
    .createIndex('orders_store_customer_idx')
    .on('orders')
    .columns(['store_id', 'customer_id', 'id'])
    .execute();
  await db.schema
    .createIndex('orders_store_created_idx')
    .on('orders')
    .columns(['store_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('order_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sku', 'text')
    .addColumn('unit_price', 'bigint', (c) => c.notNull())
    .addColumn('list_price', 'bigint', (c) => c.notNull())
    .addColumn('cost_price', 'bigint')
    .addColumn('quantity', 'bigint', (c) => c.notNull())
    .addColumn('discount', 'bigint', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull())
    .addColumn('order_discount', 'bigint', (c) => c.notNull())
    .addColumn('tax', 'bigint', (c) => c.notNull())
    .addColumn('quantity_refunded', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('order_items_order_idx')
    .on('order_items')
    .columns(['store_id', 'order_id', 'line_no'])
    .execute();
  await db.schema
    .createIndex('order_items_product_idx')
    .on('order_items')
    .columns(['store_id', 'product_id'])
    .execute();

  await db.schema
    .createTable('order_refunds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('items', 'text', (c) => c.notNull())
    .addColumn('created_by_id', 'text')
    .addColumn('created_by_name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('order_refunds_order_idx')
    .on('order_refunds')
    .columns(['store_id', 'order_id'])
    .execute();
  await db.schema
    .createIndex('order_refunds_created_idx')
    .on('order_refunds')
    .columns(['store_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('discounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addColumn('applies_to', 'text', (c) => c.notNull())
    .addColumn('product_ids', 'text', (c) => c.notNull())
    .addColumn('category_ids', 'text', (c) => c.notNull())
    .addColumn('min_order_amount', 'bigint', (c) => c.notNull())
    .addColumn('usage_limit', 'bigint')
    .addColumn('used_count', 'bigint', (c) => c.notNull())
    .addColumn('starts_at', 'text')
    .addColumn('ends_at', 'text')
    .addColumn('is_active', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('discounts_store_code_key', ['store_id', 'code'])
    .execute();
  await db.schema.createIndex('discounts_store_id_idx').on('discounts').columns(['store_id', 'id']).execute();

  await db.schema
    .createTable('payments_received')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('order_number', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text')
    .addColumn('customer_name', 'text')
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('payment_mode', 'text', (c) => c.notNull())
    .addColumn('payment_date', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('note', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('recorded_by_id', 'text')
    .addColumn('recorded_by_name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('payments_received_store_number_key', ['store_id', 'number'])
    .execute();
  await db.schema
    .createIndex('payments_received_store_id_idx')
    .on('payments_received')
    .columns(['store_id', 'id'])
    .execute();
  await db.schema
    .createIndex('payments_received_order_idx')
    .on('payments_received')
    .columns(['store_id', 'order_id'])
    .execute();
  await db.schema
    .createIndex('payments_received_customer_idx')
    .on('payments_received')
    .columns(['store_id', 'customer_id', 'id'])
    .execute();
  await db.schema
    .createIndex('payments_received_date_idx')
    .on('payments_received')
    .columns(['store_id', 'payment_date'])
    .execute();

  // Invoices are mailed with their PDF: the outbox records what was attached (names and sizes).
  await db.schema.alterTable('mail_outbox').addColumn('attachments', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('attachments').execute();
  for (const table of ['payments_received', 'discounts', 'order_refunds', 'order_items', 'orders']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
