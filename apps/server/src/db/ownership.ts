import type { DB } from './generated.js';

/**
 * Which module owns each table (decision 0055): the one folder under `src/modules` whose code
 * may query it, or `platform` for the shared machinery outside the modules (`lib`, `plugins`,
 * `providers`, `db`). Any other reader goes through the owner's public face (`<module>.public.ts`)
 * or is named, with its reason, in `ownership.test.ts`'s allow-list. The type makes a table
 * missing here, or named here and never migrated, fail to compile.
 */
export const TABLE_OWNERS = {
  // Accounts and sign-in.
  users: 'users',
  analytics_events: 'users',
  sessions: 'users',
  user_codes: 'auth',
  sign_in_failures: 'auth',
  // Stores and who may act in them.
  stores: 'stores',
  store_zones: 'stores',
  roles: 'members',
  memberships: 'members',
  invitations: 'members',
  audits: 'audits',
  // Shared machinery (lib/, plugins/, providers/).
  mail_outbox: 'platform',
  rate_limits: 'platform',
  idempotency_keys: 'platform',
  counters: 'platform',
  search_terms: 'platform',
  search_suffixes: 'platform',
  // Features.
  customers: 'customers',
  customer_account_entries: 'customers',
  categories: 'products',
  products: 'products',
  product_variants: 'products',
  product_packs: 'products',
  product_categories: 'products',
  stock_movements: 'products',
  discounts: 'discounts',
  orders: 'orders',
  order_items: 'orders',
  order_refunds: 'orders',
  till_transfers: 'orders',
  incoming_transfers: 'orders',
  payments_received: 'payments-received',
  vendors: 'vendors',
  vendor_addresses: 'vendors',
  purchase_orders: 'purchase-orders',
  purchase_order_items: 'purchase-orders',
  purchase_receipts: 'purchase-orders',
  purchase_receipt_items: 'purchase-orders',
  shipping_rates: 'shipping',
  tax_rules: 'tax',
  tax_rule_states: 'tax',
  wallets: 'wallet',
  ledger_accounts: 'wallet',
  ledger_entries: 'wallet',
  wallet_transactions: 'wallet',
  settlement_accounts: 'wallet',
  transaction_pins: 'wallet',
  subscriptions: 'subscriptions',
  api_keys: 'developers',
  api_usage_days: 'developers',
  api_usage_months: 'developers',
  sandbox_twins: 'developers',
  webhook_endpoints: 'webhooks',
  webhook_deliveries: 'webhooks',
  webhook_attempts: 'webhooks',
  till_settings: 'till',
  receipt_links: 'receipts',
  receipt_settings: 'receipts',
  till_devices: 'till',
  shifts: 'shifts',
  shift_entries: 'shifts',
  sales_days: 'reports',
  sales_product_days: 'reports',
  sales_customer_days: 'reports',
  sales_products: 'reports',
  sales_customers: 'reports',
  sales_figure_changes: 'reports',
} as const satisfies Record<keyof DB, string>;

export type TableName = keyof typeof TABLE_OWNERS;
export type TableOwner = (typeof TABLE_OWNERS)[TableName];
