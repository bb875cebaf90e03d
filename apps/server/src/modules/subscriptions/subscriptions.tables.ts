import type { Table } from '../../db/schema.js';

/**
 * Subscriptions (migration 0010-wallet, decision 0030); columns from the generated schema
 * (decision 0054). `start_date`, `end_date`: the store's local dates, YYYY-MM-DD.
 */
export type SubscriptionsTable = Table<'subscriptions'>;
