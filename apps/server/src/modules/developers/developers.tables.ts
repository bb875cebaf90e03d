import type { ApiKeyEnv, ApiKeyScope, ApiKeyType } from '@tillbook/contract/developers';

/** Table types of the developer platform (migration 0012-developer-keys, decision 0032). */
export interface ApiKeysTable {
  id: string;
  /** The live store whose keys these are. */
  store_id: string;
  /** The store the key acts on: the live store, or its sandbox twin. */
  acts_on_store_id: string;
  env: ApiKeyEnv;
  type: ApiKeyType;
  scope: ApiKeyScope;
  key_hash: string;
  public_value: string | null;
  sealed_value: string | null;
  last4: string;
  created_by: string | null;
  created_at: string;
  expires_at: string | null;
  replaced_by: string | null;
  last_used_at: string | null;
}

/** A live store's current sandbox twin (one per store; a reset points it at a new one). */
export interface SandboxTwinsTable {
  store_id: string;
  twin_store_id: string;
  created_at: string;
}

export interface ApiUsageMonthsTable {
  store_id: string;
  /** YYYY-MM in the store's time zone. */
  month: string;
  live_calls: number;
}

export interface ApiUsageDaysTable {
  store_id: string;
  /** YYYY-MM-DD in the store's time zone. */
  day: string;
  env: ApiKeyEnv;
  calls: number;
}

declare module '../../db/schema.js' {
  interface Database {
    api_keys: ApiKeysTable;
    sandbox_twins: SandboxTwinsTable;
    api_usage_months: ApiUsageMonthsTable;
    api_usage_days: ApiUsageDaysTable;
  }
}
