/** Table types of subscriptions (migration 0010-wallet, decision 0030). */
export interface SubscriptionsTable {
  id: string;
  store_id: string;
  plan_code: string;
  plan_name: string;
  amount: number;
  currency: string;
  /** The store's local dates, YYYY-MM-DD. */
  start_date: string;
  end_date: string;
  wallet_transaction_id: string | null;
  actor_id: string | null;
  created_at: string;
}

declare module '../../db/schema.js' {
  interface Database {
    subscriptions: SubscriptionsTable;
  }
}
