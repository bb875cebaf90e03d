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

export type EngineInfo =
  | { engine: 'sqlite' }
  | { engine: 'postgres' }
  | { engine: 'citus'; workers: number; localTables: string[] };

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
