import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Issue 19: API keys, the sandbox twin of a store, and the metering of API calls
 * (decisions 0032 and 0033). Runs on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Every API call now counts in `rate_limits` (decision 0033). On PostgreSQL a logged table makes
  // each count wait for a WAL flush (measured: 5.4 ms a call); counts are disposable (a crash
  // that loses them only opens the windows again), so the table is unlogged there.
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    await sql`alter table rate_limits set unlogged`.execute(db);

  // A store's sandbox twin is another stores row pointing at its live store. It has no members,
  // so it never shows in a store switcher, and plan limits leave it out.
  await db.schema.alterTable('stores').addColumn('sandbox_of', 'text').execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // The live store the key belongs to (its pairs are listed there)…
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    // …and the store it acts on: the live store, or its sandbox twin for a sandbox key.
    .addColumn('acts_on_store_id', 'text', (c) => c.notNull())
    .addColumn('env', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    // SHA-256 of the whole key: what a request is looked up by.
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    // The whole key: in clear for a public key (it is meant to be public), sealed with
    // APP_SECRET (AES-256-GCM) for a secret key, so a password-confirmed reveal can show it.
    .addColumn('public_value', 'text')
    .addColumn('sealed_value', 'text')
    .addColumn('last4', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    // Set when the key is rolled: it works until then (now, or the end of a grace period).
    .addColumn('expires_at', 'text')
    .addColumn('replaced_by', 'text')
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema
    .createIndex('api_keys_store_env_type')
    .on('api_keys')
    .columns(['store_id', 'env', 'type', 'created_at'])
    .execute();

  // The live store's current sandbox twin: its primary key makes two first uses agree on one.
  await db.schema
    .createTable('sandbox_twins')
    .addColumn('store_id', 'text', (c) => c.primaryKey().references('stores.id').onDelete('cascade'))
    .addColumn('twin_store_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  // One current key per store, environment and type: two first uses cannot both create one.
  await sql`create unique index api_keys_one_current on api_keys (store_id, env, type) where expires_at is null`.execute(
    db,
  );

  // Live calls of a calendar month (the store's time zone): the metered count, raised by one
  // conditional upsert per call so concurrent calls in any process never pass the allowance.
  await db.schema
    .createTable('api_usage_months')
    .addColumn('store_id', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('live_calls', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('api_usage_months_pkey', ['store_id', 'month'])
    .execute();

  // Calls by day and environment, for the usage chart (sandbox calls too: shown, never metered).
  await db.schema
    .createTable('api_usage_days')
    .addColumn('store_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('env', 'text', (c) => c.notNull())
    .addColumn('calls', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('api_usage_days_pkey', ['store_id', 'day', 'env'])
    .execute();
}
