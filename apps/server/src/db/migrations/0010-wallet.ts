import { sql, type Kysely } from 'kysely';

/**
 * Issue 17: the wallet as a double-entry ledger (decision 0027), the store's settlement account
 * and subscription plans (decision 0030). Runs on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wallets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().unique().references('stores.id').onDelete('cascade'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('bank_name', 'text', (c) => c.notNull())
    .addColumn('bank_code', 'text')
    .addColumn('account_number', 'text', (c) => c.notNull())
    .addColumn('account_name', 'text', (c) => c.notNull())
    .addColumn('provider_ref', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // One row per account of a wallet; `balance` is the sum of the account's entries, kept in the
  // same transaction as they are written. The store's own accounts can never go below zero.
  await db.schema
    .createTable('ledger_accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull())
    .addColumn('wallet_id', 'text', (c) => c.notNull().references('wallets.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('balance', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('ledger_accounts_wallet_kind_key', ['store_id', 'wallet_id', 'kind'])
    .addCheckConstraint(
      'ledger_accounts_store_balance_not_negative',
      sql`kind not in ('available', 'held') or balance >= 0`,
    )
    .execute();

  await db.schema
    .createTable('wallet_transactions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull())
    .addColumn('wallet_id', 'text', (c) => c.notNull().references('wallets.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('fee', 'bigint', (c) => c.notNull())
    .addColumn('balance_after', 'bigint', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    // The provider's reference of a deposit, or another key that makes an effect happen once.
    .addColumn('external_key', 'text')
    .addColumn('narration', 'text')
    .addColumn('counterparty_name', 'text')
    .addColumn('counterparty_account', 'text')
    .addColumn('counterparty_bank_code', 'text')
    .addColumn('counterparty_bank_name', 'text')
    .addColumn('related_id', 'text')
    .addColumn('failure_reason', 'text')
    .addColumn('actor_type', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('wallet_transactions_reference_key', ['reference'])
    .addUniqueConstraint('wallet_transactions_external_key', ['store_id', 'external_key'])
    .execute();
  await db.schema
    .createIndex('wallet_transactions_store_created_idx')
    .on('wallet_transactions')
    .columns(['store_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('wallet_transactions_pending_idx')
    .on('wallet_transactions')
    .columns(['status', 'type', 'created_at'])
    .execute();

  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull())
    .addColumn('transaction_id', 'text', (c) =>
      c.notNull().references('wallet_transactions.id').onDelete('cascade'),
    )
    .addColumn('account_id', 'text', (c) => c.notNull().references('ledger_accounts.id').onDelete('cascade'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ledger_entries_store_transaction_idx')
    .on('ledger_entries')
    .columns(['store_id', 'transaction_id'])
    .execute();
  await db.schema
    .createIndex('ledger_entries_store_account_idx')
    .on('ledger_entries')
    .columns(['store_id', 'account_id'])
    .execute();

  await db.schema
    .createTable('settlement_accounts')
    .addColumn('store_id', 'text', (c) => c.primaryKey().references('stores.id').onDelete('cascade'))
    .addColumn('bank_code', 'text', (c) => c.notNull())
    .addColumn('bank_name', 'text', (c) => c.notNull())
    .addColumn('account_number', 'text', (c) => c.notNull())
    .addColumn('account_name', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('plan_code', 'text', (c) => c.notNull())
    .addColumn('plan_name', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('wallet_transaction_id', 'text')
    .addColumn('actor_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('subscriptions_store_end_idx')
    .on('subscriptions')
    .columns(['store_id', 'end_date', 'id'])
    .execute();
}
