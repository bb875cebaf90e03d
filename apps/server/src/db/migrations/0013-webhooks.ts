import type { Kysely } from 'kysely';

/**
 * Issue 19: webhook endpoints, the outbox of deliveries written in the event's own transaction,
 * and the log of each attempt (decision 0034). Runs on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    // The subscribed events as a JSON array of names (`["order.created"]`): the sale's insert
    // matches an event by `events like '%"order.created"%'`.
    .addColumn('events', 'text', (c) => c.notNull())
    // The signing secret sealed with the app's key (lib/crypto.ts): the worker signs with it.
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('secret_hint', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The one indexed read every event makes: the store's enabled endpoints.
  await db.schema
    .createIndex('webhook_endpoints_store_enabled_idx')
    .on('webhook_endpoints')
    .columns(['store_id', 'enabled'])
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull())
    .addColumn('endpoint_id', 'text', (c) =>
      c.notNull().references('webhook_endpoints.id').onDelete('cascade'),
    )
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'text')
    // A worker that claimed the delivery holds it until then; past it, another may take it.
    .addColumn('claimed_until', 'text')
    .addColumn('give_up_at', 'text', (c) => c.notNull())
    .addColumn('delivered_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_store_created_idx')
    .on('webhook_deliveries')
    .columns(['store_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_store_endpoint_idx')
    .on('webhook_deliveries')
    .columns(['store_id', 'endpoint_id', 'created_at'])
    .execute();
  // The worker's look-up across stores: the due deliveries (as wallet_transactions_pending_idx).
  await db.schema
    .createIndex('webhook_deliveries_due_idx')
    .on('webhook_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();

  await db.schema
    .createTable('webhook_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull())
    .addColumn('delivery_id', 'text', (c) =>
      c.notNull().references('webhook_deliveries.id').onDelete('cascade'),
    )
    .addColumn('attempted_at', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('error', 'text')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_attempts_store_delivery_idx')
    .on('webhook_attempts')
    .columns(['store_id', 'delivery_id', 'attempted_at'])
    .execute();
}
