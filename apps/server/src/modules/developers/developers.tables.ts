import type { ApiKeyEnv, ApiKeyScope, ApiKeyType } from '@tillbook/contract/developers';
import type { Table } from '../../db/schema.js';

/**
 * Table types of the developer platform (migration 0012-developer-keys, decision 0032); columns
 * from the generated schema (decision 0054). `store_id` is the live store whose keys these are;
 * `acts_on_store_id` the store the key acts on: the live store, or its sandbox twin.
 */
export type ApiKeysTable = Table<'api_keys', { env: ApiKeyEnv; type: ApiKeyType; scope: ApiKeyScope }>;

/** A live store's current sandbox twin (one per store; a reset points it at a new one). */
export type SandboxTwinsTable = Table<'sandbox_twins'>;

/** `month`: YYYY-MM in the store's time zone. */
export type ApiUsageMonthsTable = Table<'api_usage_months'>;

/** `day`: YYYY-MM-DD in the store's time zone. */
export type ApiUsageDaysTable = Table<'api_usage_days', { env: ApiKeyEnv }>;

declare module '../../db/schema.js' {
  interface Database {
    api_keys: ApiKeysTable;
    api_usage_days: ApiUsageDaysTable;
  }
}
