import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Issue 29 (decision 0049): the store is the distribution key. On PostgreSQL every tenant
 * table's primary key, unique keys and foreign keys to other tenant tables lead with
 * `store_id`, so Citus can shard the tables by store and keep one store's rows of every table on
 * one worker. When the database has the `citus` extension, this migration also distributes the
 * tenant tables (co-located) and makes `users` and `stores` reference tables.
 *
 * On SQLite the keys stay as they are: ids are random and unique in the whole database, so a key
 * of (store_id, id) admits exactly the rows a key of (id) admits, and SQLite could only change a
 * key by copying every table. Account events with no store (sign-in, codes, PIN) are kept under
 * the store id '' on both engines, because a distributed table has no row without its key.
 *
 * Everything here is written out for this migration: it must mean the same thing forever, so it
 * reads no live code and no list that later migrations could change.
 */

/** Tenant tables whose primary key was `(id)`. */
const ID_KEYED = [
  'roles',
  'memberships',
  'invitations',
  'audits',
  'analytics_events',
  'categories',
  'products',
  'stock_movements',
  'customers',
  'orders',
  'order_items',
  'order_refunds',
  'discounts',
  'payments_received',
  'vendors',
  'vendor_addresses',
  'purchase_orders',
  'purchase_order_items',
  'purchase_receipts',
  'purchase_receipt_items',
  'shipping_rates',
  'tax_rules',
  'wallets',
  'ledger_accounts',
  'wallet_transactions',
  'ledger_entries',
  'subscriptions',
  'api_keys',
  'webhook_endpoints',
  'webhook_deliveries',
  'webhook_attempts',
] as const;

/** Unique keys over a column that identifies a row in the whole database, now within its store. */
const UNIQUE_KEYS: ReadonlyArray<[table: string, name: string, column: string]> = [
  ['invitations', 'invitations_token_hash_key', 'token_hash'],
  ['wallet_transactions', 'wallet_transactions_reference_key', 'reference'],
  ['api_keys', 'api_keys_key_hash_key', 'key_hash'],
];

/** Foreign keys between tenant tables: [table, name, column, parent, on delete cascade]. */
const FOREIGN_KEYS: ReadonlyArray<[string, string, string, string, boolean]> = [
  ['memberships', 'memberships_role_id_fkey', 'role_id', 'roles', false],
  ['invitations', 'invitations_membership_id_fkey', 'membership_id', 'memberships', true],
  ['product_categories', 'product_categories_product_id_fkey', 'product_id', 'products', true],
  ['product_categories', 'product_categories_category_id_fkey', 'category_id', 'categories', true],
  ['stock_movements', 'stock_movements_product_id_fkey', 'product_id', 'products', true],
  ['order_items', 'order_items_order_id_fkey', 'order_id', 'orders', true],
  ['order_refunds', 'order_refunds_order_id_fkey', 'order_id', 'orders', true],
  ['payments_received', 'payments_received_order_id_fkey', 'order_id', 'orders', true],
  ['vendor_addresses', 'vendor_addresses_vendor_id_fkey', 'vendor_id', 'vendors', true],
  ['purchase_orders', 'purchase_orders_vendor_id_fkey', 'vendor_id', 'vendors', false],
  [
    'purchase_order_items',
    'purchase_order_items_purchase_order_id_fkey',
    'purchase_order_id',
    'purchase_orders',
    true,
  ],
  ['purchase_order_items', 'purchase_order_items_product_id_fkey', 'product_id', 'products', false],
  [
    'purchase_receipts',
    'purchase_receipts_purchase_order_id_fkey',
    'purchase_order_id',
    'purchase_orders',
    true,
  ],
  [
    'purchase_receipt_items',
    'purchase_receipt_items_purchase_order_item_id_fkey',
    'purchase_order_item_id',
    'purchase_order_items',
    true,
  ],
  [
    'purchase_receipt_items',
    'purchase_receipt_items_receipt_id_fkey',
    'receipt_id',
    'purchase_receipts',
    true,
  ],
  ['tax_rule_states', 'tax_rule_states_tax_rule_id_fkey', 'tax_rule_id', 'tax_rules', true],
  ['ledger_accounts', 'ledger_accounts_wallet_id_fkey', 'wallet_id', 'wallets', true],
  ['wallet_transactions', 'wallet_transactions_wallet_id_fkey', 'wallet_id', 'wallets', true],
  ['ledger_entries', 'ledger_entries_transaction_id_fkey', 'transaction_id', 'wallet_transactions', true],
  ['ledger_entries', 'ledger_entries_account_id_fkey', 'account_id', 'ledger_accounts', true],
  ['webhook_deliveries', 'webhook_deliveries_endpoint_id_fkey', 'endpoint_id', 'webhook_endpoints', true],
  ['webhook_attempts', 'webhook_attempts_delivery_id_fkey', 'delivery_id', 'webhook_deliveries', true],
];

/** Shared tables copied to every node: read with every store's rows, written rarely. */
const REFERENCE_TABLES = ['users', 'stores'] as const;

/**
 * Every table holding a store's rows, parents before the tables whose foreign keys point at them
 * (Citus distributes a table only after the tables it references).
 */
const DISTRIBUTED_TABLES = [
  'roles',
  'memberships',
  'invitations',
  'audits',
  'analytics_events',
  'idempotency_keys',
  'counters',
  'categories',
  'products',
  'product_categories',
  'stock_movements',
  'customers',
  'search_terms',
  'search_suffixes',
  'orders',
  'order_items',
  'order_refunds',
  'discounts',
  'payments_received',
  'vendors',
  'vendor_addresses',
  'purchase_orders',
  'purchase_order_items',
  'purchase_receipts',
  'purchase_receipt_items',
  'shipping_rates',
  'tax_rules',
  'tax_rule_states',
  'wallets',
  'ledger_accounts',
  'wallet_transactions',
  'ledger_entries',
  'settlement_accounts',
  'subscriptions',
  'sales_days',
  'sales_product_days',
  'sales_customer_days',
  'sales_products',
  'sales_customers',
  'sales_figure_changes',
  'api_keys',
  'sandbox_twins',
  'api_usage_months',
  'api_usage_days',
  'webhook_endpoints',
  'webhook_deliveries',
  'webhook_attempts',
  'till_settings',
  'till_devices',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update audits set store_id = '' where store_id is null`.execute(db);
  await sql`update analytics_events set store_id = '' where store_id is null`.execute(db);
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;

  await sql`alter table audits alter column store_id set not null`.execute(db);
  await sql`alter table analytics_events alter column store_id set not null`.execute(db);
  for (const [table, name] of FOREIGN_KEYS)
    await sql`alter table ${sql.table(table)} drop constraint ${sql.id(name)}`.execute(db);
  for (const table of ID_KEYED) {
    const key = sql.id(`${table}_pkey`);
    await sql`alter table ${sql.table(table)} drop constraint ${key}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${key} primary key (store_id, id)`.execute(db);
  }
  for (const [table, name, column] of UNIQUE_KEYS) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.id(name)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.id(name)} unique (store_id, ${sql.ref(column)})`.execute(
      db,
    );
  }
  // Lookups that find a store's row from a value alone (an API key, an invitation link, a
  // provider's transfer reference) keep an index on that value.
  await sql`create index api_keys_key_hash_idx on api_keys (key_hash)`.execute(db);
  await sql`create index invitations_token_hash_idx on invitations (token_hash)`.execute(db);
  await sql`create index wallet_transactions_reference_idx on wallet_transactions (reference)`.execute(db);

  const { rows } = await sql<{ citus: boolean }>`
    select exists (select 1 from pg_extension where extname = 'citus') as citus`.execute(db);
  if (rows[0]?.citus) await distribute(db);
  // Added after distribution: Citus distributes a table only when no local table references it
  // and it references no local table.
  for (const [table, name, column, parent, cascade] of FOREIGN_KEYS) {
    const onDelete = cascade ? sql` on delete cascade` : sql``;
    await sql`alter table ${sql.table(table)} add constraint ${sql.id(name)}
      foreign key (store_id, ${sql.ref(column)}) references ${sql.table(parent)} (store_id, id)${onDelete}`.execute(
      db,
    );
  }
}

/** Makes the reference tables and distributes the tenant tables, co-located by store. */
async function distribute(db: Kysely<unknown>): Promise<void> {
  // Citus runs DDL on a distributed table's shards in parallel unless told otherwise; with
  // reference tables created in the same transaction it must go one shard at a time.
  await sql`set local citus.multi_shard_modify_mode to 'sequential'`.execute(db);
  for (const table of REFERENCE_TABLES)
    await sql`select create_reference_table(${sql.lit(await qualified(db, table))})`.execute(db);
  const [first, ...rest] = DISTRIBUTED_TABLES;
  await sql`select create_distributed_table(${sql.lit(await qualified(db, first))}, 'store_id')`.execute(db);
  for (const table of rest)
    await sql`select create_distributed_table(${sql.lit(await qualified(db, table))}, 'store_id',
      colocate_with => ${sql.lit(await qualified(db, first))})`.execute(db);
}

/** The table's name with the schema the connection works in (tests give each file its own). */
async function qualified(db: Kysely<unknown>, table: string): Promise<string> {
  const { rows } = await sql<{ name: string }>`select ${table}::regclass::text as name`.execute(db);
  return rows[0]!.name;
}

export async function down(): Promise<void> {
  throw new Error('0022-distribution-keys cannot be undone: restore a backup taken before it.');
}
