/* eslint-disable @typescript-eslint/no-explicit-any -- runs on any schema, before the app's types apply (as migrate.ts) */
import { sql, type Kysely } from 'kysely';
import { engineOf } from './connection.js';

/**
 * How the tables are spread over a Citus cluster (decision 0049): by store. A tenant table holds
 * one store's rows under `store_id`; every statement on it filters by that key, so Citus sends
 * it to the one worker holding the store.
 */

/** The store id of an account's own events (sign-in, codes, PIN): a distributed row needs a key. */
export const NO_STORE = '';

/** Tables holding a store's rows, distributed by `store_id` and co-located. */
export const TENANT_TABLES: readonly string[] = [
  'roles',
  'memberships',
  'invitations',
  'audits',
  'analytics_events',
  'idempotency_keys',
  'counters',
  'categories',
  'products',
  'product_variants',
  'product_packs',
  'product_categories',
  'stock_movements',
  'customers',
  'customer_account_entries',
  'search_terms',
  'search_suffixes',
  'orders',
  'order_items',
  'order_refunds',
  'till_transfers',
  'receipt_links',
  'receipt_settings',
  'incoming_transfers',
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
  'store_zones',
  'shifts',
  'shift_entries',
];

/** Shared tables copied to every node. */
export const REFERENCE_TABLES: readonly string[] = ['users', 'stores'];

/**
 * Tables the coordinator keeps: a user's sessions and codes, the mail outbox, the limiter's
 * counters, the migrator's own. None holds a store's rows.
 */
export const COORDINATOR_TABLES: readonly string[] = [
  'sessions',
  'user_codes',
  'transaction_pins',
  'mail_outbox',
  'sign_in_failures',
  'rate_limits',
  'kysely_migration',
  'kysely_migration_lock',
];

let citus = false;
/**
 * True once this process has seen its database has Citus (at migration, before it serves). Citus
 * runs no statement that inserts into several tables at once (data-modifying CTEs), so a batch
 * of inserts goes one statement per table there.
 */
export const onCitus = (): boolean => citus;

export type EngineInfo =
  { engine: 'sqlite' } | { engine: 'postgres' } | { engine: 'citus'; workers: number; localTables: string[] };

/**
 * The engine the app runs on, for `/ready`. On Citus it also names any table of the working
 * schema that is neither distributed nor a reference table nor one the coordinator keeps: a
 * migration that forgot to distribute a new table shows here.
 */
export async function describeEngine(db: Kysely<any>): Promise<EngineInfo> {
  if (engineOf(db) === 'sqlite') return { engine: 'sqlite' };
  const { rows } = await sql<{ citus: boolean }>`
    select exists (select 1 from pg_extension where extname = 'citus') as citus`.execute(db);
  if (!rows[0]?.citus) return { engine: 'postgres' };
  const workers = await sql<{ n: number | string }>`
    select count(*) as n from citus_get_active_worker_nodes()`.execute(db);
  const local = await sql<{ name: string }>`
    select c.relname as name from pg_class c
    where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p')
      and not exists (select 1 from pg_dist_partition d where d.logicalrelid = c.oid and d.partmethod = 'h')
      and not exists (select 1 from pg_dist_partition d where d.logicalrelid = c.oid and d.repmodel = 't')
    order by 1`.execute(db);
  return {
    engine: 'citus',
    workers: Number(workers.rows[0]?.n ?? 0),
    localTables: local.rows.map((r) => r.name).filter((t) => !COORDINATOR_TABLES.includes(t)),
  };
}

/**
 * Distributes what is not yet, on a database that has the `citus` extension: the case of a
 * PostgreSQL database migrated before Citus was installed into it (a fresh Citus database is
 * distributed by migration 0022 itself). Idempotent; does nothing without Citus. Foreign keys
 * between tenant tables are dropped while their tables are distributed and made again after
 * (Citus distributes a table only when no local table references it and it references no local
 * table). Runs in one transaction: a failure leaves the database as it was.
 */
export async function ensureDistributed(db: Kysely<any>): Promise<string[]> {
  if (engineOf(db) !== 'postgres') return [];
  const { rows } = await sql<{ citus: boolean }>`
    select exists (select 1 from pg_extension where extname = 'citus') as citus`.execute(db);
  if (!rows[0]?.citus) return [];
  citus = true;
  const placed = async (trx: Kysely<any>) =>
    new Set(
      (
        await sql<{ name: string }>`select c.relname as name from pg_dist_partition d
          join pg_class c on c.oid = d.logicalrelid
          where c.relnamespace = current_schema()::regnamespace`.execute(trx)
      ).rows.map((r) => r.name),
    );
  const before = await placed(db);
  const missing = [...REFERENCE_TABLES, ...TENANT_TABLES].filter((t) => !before.has(t));
  if (!missing.length) return [];
  return db.transaction().execute(async (trx) => {
    await sql`set local citus.multi_shard_modify_mode to 'sequential'`.execute(trx);
    const tenant = sql.join(TENANT_TABLES.map((t) => sql.lit(t)));
    const keys = (
      await sql<{ table: string; name: string; definition: string }>`
        select c.relname as "table", k.conname as name, pg_get_constraintdef(k.oid) as definition
        from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
        where k.contype = 'f' and c.relnamespace = current_schema()::regnamespace
          and c.relname in (${tenant}) and p.relname in (${tenant})`.execute(trx)
    ).rows;
    for (const k of keys)
      await sql`alter table ${sql.table(k.table)} drop constraint ${sql.id(k.name)}`.execute(trx);
    for (const table of REFERENCE_TABLES)
      if (!before.has(table)) await sql`select create_reference_table(${sql.lit(table)})`.execute(trx);
    const [first, ...rest] = TENANT_TABLES;
    if (!before.has(first!))
      await sql`select create_distributed_table(${sql.lit(first!)}, 'store_id')`.execute(trx);
    for (const table of rest)
      if (!before.has(table))
        await sql`select create_distributed_table(${sql.lit(table)}, 'store_id', colocate_with => ${sql.lit(first!)})`.execute(
          trx,
        );
    for (const k of keys)
      await sql`alter table ${sql.table(k.table)} add constraint ${sql.id(k.name)} ${sql.raw(k.definition)}`.execute(
        trx,
      );
    return missing;
  });
}
