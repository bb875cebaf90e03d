import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Issue 32 (decision 0063): shifts and the cash drawer.
 * - `shifts`: a member's shift in a store, from the float to the count. At most one open shift
 *   per member and store (a partial unique key, so two opens at once cannot both succeed).
 * - `shift_entries`: what happened in a shift, one row per sale, later payment, refund or
 *   cancellation with money paid back, pay-in and payout. A shift's figures are sums of its rows,
 *   never a stored total that could drift.
 * - `till_settings.shift_required`: a shift must be open to sell at the till (0/1).
 * - `order_refunds.method`: how a refund's money went back; earlier refunds went back the way
 *   their order was paid.
 *
 * On PostgreSQL the keys lead with `store_id` and, on Citus, both tables are distributed with the
 * store's other rows (decision 0049). Kept as it is written here: it names no code of the app (a
 * migration means the same forever).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('shifts')
    .addColumn('store_id', 'text', (c) =>
      postgres ? c.notNull() : c.notNull().references('stores.id').onDelete('cascade'),
    )
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('member_name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('opening_float', 'bigint', (c) => c.notNull())
    .addColumn('counted_cash', 'bigint')
    .addColumn('note', 'text')
    .addColumn('close_note', 'text')
    .addColumn('opened_at', 'text', (c) => c.notNull())
    .addColumn('closed_at', 'text')
    .addColumn('closed_by_id', 'text')
    .addColumn('closed_by_name', 'text')
    .addPrimaryKeyConstraint('shifts_pkey', ['store_id', 'id'])
    .addUniqueConstraint('shifts_store_id_number_key', ['store_id', 'number'])
    .execute();
  await db.schema
    .createIndex('shifts_one_open_per_member')
    .on('shifts')
    .columns(['store_id', 'member_id'])
    .unique()
    .where(sql.ref('status'), '=', 'open')
    .execute();
  await db.schema
    .createIndex('shifts_store_opened')
    .on('shifts')
    .columns(['store_id', 'opened_at'])
    .execute();
  await db.schema
    .createTable('shift_entries')
    .addColumn('store_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('shift_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payment_type', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('sale_total', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('discount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('order_id', 'text')
    .addColumn('order_number', 'text')
    .addColumn('reference_id', 'text')
    .addColumn('reason', 'text')
    .addColumn('created_by_id', 'text')
    .addColumn('created_by_name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('shift_entries_pkey', ['store_id', 'id'])
    .$call((t) =>
      postgres
        ? t
        : t.addForeignKeyConstraint(
            'shift_entries_shift_fkey',
            ['store_id', 'shift_id'],
            'shifts',
            ['store_id', 'id'],
            (c) => c.onDelete('cascade'),
          ),
    )
    .execute();
  await db.schema
    .createIndex('shift_entries_shift')
    .on('shift_entries')
    .columns(['store_id', 'shift_id', 'created_at'])
    .execute();
  if (postgres) {
    const { rows } = await sql<{ citus: boolean }>`
      select exists (select 1 from pg_extension where extname = 'citus') as citus`.execute(db);
    if (rows[0]?.citus) {
      await sql`set local citus.multi_shard_modify_mode to 'sequential'`.execute(db);
      const { rows: names } = await sql<{ shifts: string; entries: string; roles: string }>`
        select 'shifts'::regclass::text as shifts, 'shift_entries'::regclass::text as entries,
          'roles'::regclass::text as roles`.execute(db);
      for (const table of [names[0]!.shifts, names[0]!.entries]) {
        await sql`select create_distributed_table(${sql.lit(table)}, 'store_id',
          colocate_with => ${sql.lit(names[0]!.roles)})`.execute(db);
      }
    }
    // Added after distribution: Citus distributes a table that references no local table.
    await sql`alter table shifts add constraint shifts_store_id_fkey
      foreign key (store_id) references stores (id) on delete cascade`.execute(db);
    await sql`alter table shift_entries add constraint shift_entries_shift_fkey
      foreign key (store_id, shift_id) references shifts (store_id, id) on delete cascade`.execute(db);
  }
  await db.schema
    .alterTable('till_settings')
    .addColumn('shift_required', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('order_refunds').addColumn('method', 'text').execute();
  await sql`update order_refunds set method = (
      select o.payment_type from orders o where o.store_id = order_refunds.store_id and o.id = order_refunds.order_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_refunds').dropColumn('method').execute();
  await db.schema.alterTable('till_settings').dropColumn('shift_required').execute();
  await db.schema.dropTable('shift_entries').execute();
  await db.schema.dropTable('shifts').execute();
}
