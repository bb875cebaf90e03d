import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The accounts the store's transfers went to (sent or on their way), each with its last transfer,
 * last first; grouped within the store, so it runs on one shard. The transfer form's "recent
 * beneficiaries" (decision 0058).
 */
export function recentBeneficiaries(db: Db, storeId: string, limit: number) {
  return db
    .selectFrom('wallet_transactions')
    .select((eb) => [
      eb.fn.coalesce('counterparty_account', eb.val('')).as('account_number'),
      eb.fn.coalesce('counterparty_name', eb.val('')).as('account_name'),
      eb.fn.coalesce('counterparty_bank_code', eb.val('')).as('bank_code'),
      eb.fn.coalesce('counterparty_bank_name', eb.val('')).as('bank_name'),
      eb.fn.max('created_at').as('last_sent_at'),
    ])
    .where('store_id', '=', storeId)
    .where('type', '=', 'transfer')
    .where('status', 'in', ['pending', 'success'])
    .where('counterparty_account', 'is not', null)
    .where('counterparty_bank_code', 'is not', null)
    .groupBy([
      'counterparty_account',
      'counterparty_name',
      'counterparty_bank_code',
      'counterparty_bank_name',
    ])
    .orderBy('last_sent_at', 'desc')
    .limit(limit)
    .execute();
}
