import type { WalletTransactionStatus, WalletTransactionType } from '@tillbook/contract/wallet';
import type { Table } from '../../db/schema.js';

/** Table types of the wallet (migration 0010-wallet, decision 0027); columns generated (decision 0054). */
export type WalletsTable = Table<'wallets', { provider: 'sandbox' | 'paystack' }>;

/**
 * `available`: what the store may spend; `held`: set aside for transfers in flight (both never
 * below zero); `clearing`: the provider's side (deposits in, transfers out); `fees` and
 * `subscriptions`: Tillbook's income.
 */
export type LedgerAccountKind = 'available' | 'held' | 'clearing' | 'fees' | 'subscriptions';
export const LEDGER_ACCOUNT_KINDS: readonly LedgerAccountKind[] = [
  'available',
  'held',
  'clearing',
  'fees',
  'subscriptions',
];

export type LedgerAccountsTable = Table<'ledger_accounts', { kind: LedgerAccountKind }>;

export type WalletTransactionsTable = Table<
  'wallet_transactions',
  {
    type: WalletTransactionType;
    direction: 'credit' | 'debit';
    status: WalletTransactionStatus;
    actor_type: 'user' | 'api_key' | 'system';
  }
>;

/** `amount`: signed minor units; the entries of one transaction sum to zero. */
export type LedgerEntriesTable = Table<'ledger_entries'>;

export type SettlementAccountsTable = Table<'settlement_accounts'>;

/** A person's transaction PIN (argon2id), given instead of the password to confirm a transfer. */
export type TransactionPinsTable = Table<'transaction_pins'>;

declare module '../../db/schema.js' {
  interface Database {
    wallets: WalletsTable;
    ledger_accounts: LedgerAccountsTable;
    wallet_transactions: WalletTransactionsTable;
  }
}
