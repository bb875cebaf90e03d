import type { Kysely } from 'kysely';

/**
 * Shipping rates and tax rules (settings). Runs on SQLite and PostgreSQL.
 *
 * A tax rule's states are also kept one per row in `tax_rule_states`, keyed by the lowercased
 * country and state: the unique key makes "a state belongs to one rule per country" hold under
 * concurrent saves, and an order finds its rule with one indexed look-up.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shipping_rates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('states', 'text', (c) => c.notNull())
    .addColumn('fee', 'bigint', (c) => c.notNull())
    .addColumn('estimated_days', 'text')
    .addColumn('is_active', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('shipping_rates_store_id_idx')
    .on('shipping_rates')
    .columns(['store_id', 'id'])
    .execute();

  await db.schema
    .createTable('tax_rules')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('states', 'text', (c) => c.notNull())
    .addColumn('rates', 'text', (c) => c.notNull())
    .addColumn('inclusive', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tax_rules_store_id_idx').on('tax_rules').columns(['store_id', 'id']).execute();

  await db.schema
    .createTable('tax_rule_states')
    .addColumn('store_id', 'text', (c) => c.notNull())
    .addColumn('country_key', 'text', (c) => c.notNull())
    .addColumn('state_key', 'text', (c) => c.notNull())
    .addColumn('tax_rule_id', 'text', (c) => c.notNull().references('tax_rules.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('tax_rule_states_pkey', ['store_id', 'country_key', 'state_key'])
    .execute();
  await db.schema
    .createIndex('tax_rule_states_store_rule_idx')
    .on('tax_rule_states')
    .columns(['store_id', 'tax_rule_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['tax_rule_states', 'tax_rules', 'shipping_rates']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
