import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Issue 29: the time zone a store's sales figures are dated in, one row per store in a table
 * distributed with the store's other rows (decision 0049, addendum "The zone guard"). A sale
 * locks this row `for key share` to prove its day was worked out in the store's current zone; a
 * change of zone locks it `for update`. The same guard read the `stores` row before; on Citus that
 * row is on every node and a row lock on it locks the table's one shard on every node, so sales
 * of different stores waited for each other in a circle (deadlocks). Here it is the store's own
 * row on the store's worker.
 *
 * Kept as it is written here: it names no code of the app (a migration means the same forever).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('store_zones')
    .addColumn('store_id', 'text', (c) =>
      postgres ? c.primaryKey() : c.primaryKey().references('stores.id').onDelete('cascade'),
    )
    .addColumn('timezone', 'text', (c) => c.notNull())
    .execute();
  if (postgres) {
    const { rows } = await sql<{ citus: boolean }>`
      select exists (select 1 from pg_extension where extname = 'citus') as citus`.execute(db);
    if (rows[0]?.citus) {
      await sql`set local citus.multi_shard_modify_mode to 'sequential'`.execute(db);
      const { rows: names } = await sql<{ zones: string; roles: string }>`
        select 'store_zones'::regclass::text as zones, 'roles'::regclass::text as roles`.execute(db);
      await sql`select create_distributed_table(${sql.lit(names[0]!.zones)}, 'store_id',
        colocate_with => ${sql.lit(names[0]!.roles)})`.execute(db);
    }
    // Added after distribution: Citus distributes a table that references no local table.
    await sql`alter table store_zones add constraint store_zones_store_id_fkey
      foreign key (store_id) references stores (id) on delete cascade`.execute(db);
  }
  await sql`insert into store_zones (store_id, timezone) select id, timezone from stores`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('store_zones').execute();
}
