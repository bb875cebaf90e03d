import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/**
 * Issue 34 (decision 0065): customer accounts and transfers matched at the till.
 * - `customers.credit_limit`: the most a customer may owe (minor units); null, no credit.
 * - `customer_account_entries`: the receivable account of each customer, one row per sale on
 *   credit, repayment, refund, write-off, credit held and credit used. What a customer owes is
 *   the sum of their rows, never a stored number. At most one `sale` row per order.
 * - `orders.paid_with`: how the part of a credit sale paid at the till was paid;
 *   `orders.amount_written_off`: the order's debt forgiven by a write-off (it lowers what is
 *   outstanding as a refund does, but gives no money back).
 * - `till_transfers`: a sale waiting for a transfer into the store's account, one per order.
 * - `incoming_transfers`: every transfer that came into the account, once per provider
 *   reference, with the sale it was matched to, or why none.
 *
 * On PostgreSQL the keys lead with `store_id` and, on Citus, the new tables are distributed with
 * the store's other rows (decision 0049). Self-contained (decision 0050).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('customers').addColumn('credit_limit', 'bigint').execute();
  await db.schema.alterTable('orders').addColumn('paid_with', 'text').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('amount_written_off', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  // SQLite checks the store key at once; PostgreSQL gets it after Citus has distributed the table.
  const storeKey = (c: ColumnDefinitionBuilder) =>
    postgres ? c.notNull() : c.notNull().references('stores.id').onDelete('cascade');

  await db.schema
    .createTable('customer_account_entries')
    .addColumn('store_id', 'text', storeKey)
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('order_id', 'text')
    .addColumn('order_number', 'text')
    .addColumn('payment_id', 'text')
    .addColumn('method', 'text')
    .addColumn('note', 'text')
    .addColumn('created_by_id', 'text')
    .addColumn('created_by_name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('customer_account_entries_pkey', ['store_id', 'id'])
    .execute();
  await db.schema
    .createIndex('customer_account_entries_customer')
    .on('customer_account_entries')
    .columns(['store_id', 'customer_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('customer_account_entries_one_sale')
    .on('customer_account_entries')
    .columns(['store_id', 'order_id'])
    .unique()
    .where(sql.ref('kind'), '=', 'sale')
    .execute();

  await db.schema
    .createTable('till_transfers')
    .addColumn('store_id', 'text', storeKey)
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('order_number', 'text', (c) => c.notNull())
    .addColumn('account_number', 'text', (c) => c.notNull())
    .addColumn('bank_name', 'text', (c) => c.notNull())
    .addColumn('account_name', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('received', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .addColumn('created_by_id', 'text')
    .addColumn('created_by_name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('till_transfers_pkey', ['store_id', 'order_id'])
    .execute();
  await db.schema
    .createIndex('till_transfers_waiting')
    .on('till_transfers')
    .columns(['store_id', 'state', 'account_number', 'amount', 'created_at'])
    .execute();

  await db.schema
    .createTable('incoming_transfers')
    .addColumn('store_id', 'text', storeKey)
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('provider_reference', 'text', (c) => c.notNull())
    .addColumn('wallet_transaction_id', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('payer_name', 'text')
    .addColumn('account_number', 'text')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text')
    .addColumn('order_number', 'text')
    .addColumn('surplus', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('matched_at', 'text')
    .addColumn('matched_by_id', 'text')
    .addColumn('matched_by_name', 'text')
    .addPrimaryKeyConstraint('incoming_transfers_pkey', ['store_id', 'id'])
    .addUniqueConstraint('incoming_transfers_store_reference_key', ['store_id', 'provider_reference'])
    .execute();
  await db.schema
    .createIndex('incoming_transfers_state')
    .on('incoming_transfers')
    .columns(['store_id', 'state', 'received_at'])
    .execute();

  if (postgres) {
    const tables = ['customer_account_entries', 'till_transfers', 'incoming_transfers'];
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
  await db.schema.dropTable('incoming_transfers').execute();
  await db.schema.dropTable('till_transfers').execute();
  await db.schema.dropTable('customer_account_entries').execute();
  await db.schema.alterTable('orders').dropColumn('amount_written_off').execute();
  await db.schema.alterTable('orders').dropColumn('paid_with').execute();
  await db.schema.alterTable('customers').dropColumn('credit_limit').execute();
}
