import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/**
 * Issue 35 (decision 0066): receipts that travel.
 * - `receipt_links`: each shared link to a receipt: what it opens (`kind`, `entity_id`), until
 *   when, and whether it was revoked. The link's signature is made from these and the app secret,
 *   so the row is what a link is checked against; revoking sets `revoked_at`.
 * - `receipt_settings`: a store's header and footer text, what its receipts show, and how many
 *   days its links open. A store without a row has the defaults.
 *
 * On PostgreSQL the keys lead with `store_id` and, on Citus, the tables are distributed with the
 * store's other rows (decision 0049). Self-contained (decision 0050).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // SQLite checks the store key at once; PostgreSQL gets it after Citus has distributed the table.
  const storeKey = (c: ColumnDefinitionBuilder) =>
    postgres ? c.notNull() : c.notNull().references('stores.id').onDelete('cascade');

  await db.schema
    .createTable('receipt_links')
    .addColumn('store_id', 'text', storeKey)
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('created_by_id', 'text')
    .addColumn('created_by_name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('receipt_links_pkey', ['store_id', 'id'])
    .execute();
  // A link is opened by its id alone (the page has no store): found in every store.
  await db.schema.createIndex('receipt_links_id').on('receipt_links').column('id').execute();
  await db.schema
    .createIndex('receipt_links_entity')
    .on('receipt_links')
    .columns(['store_id', 'kind', 'entity_id'])
    .execute();

  await db.schema
    .createTable('receipt_settings')
    .addColumn('store_id', 'text', storeKey)
    .addColumn('header_text', 'text')
    .addColumn('footer_text', 'text')
    .addColumn('show_logo', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('show_cashier', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('show_customer', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('link_days', 'integer', (c) => c.notNull().defaultTo(90))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('receipt_settings_pkey', ['store_id'])
    .execute();

  if (postgres) {
    const tables = ['receipt_links', 'receipt_settings'];
    const { rows } = await sql<{ citus: boolean }>`
      select exists (select 1 from pg_extension where extname = 'citus') as citus`.execute(db);
    if (rows[0]?.citus) {
      await sql`set local citus.multi_shard_modify_mode to 'sequential'`.execute(db);
      const { rows: names } = await sql<{ roles: string }>`select 'roles'::regclass::text as roles`.execute(
        db,
      );
      for (const table of tables) {
        const { rows: own } = await sql<{ name: string }>`select ${table}::regclass::text as name`.execute(
          db,
        );
        await sql`select create_distributed_table(${sql.lit(own[0]!.name)}, 'store_id',
          colocate_with => ${sql.lit(names[0]!.roles)})`.execute(db);
      }
    }
    // Added after distribution: Citus distributes a table that references no local table.
    for (const table of tables) {
      await sql`alter table ${sql.table(table)} add constraint ${sql.id(`${table}_store_id_fkey`)}
        foreign key (store_id) references stores (id) on delete cascade`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('receipt_settings').execute();
  await db.schema.dropTable('receipt_links').execute();
}
