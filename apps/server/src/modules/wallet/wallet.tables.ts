import type { WalletTransactionStatus, WalletTransactionType } from '@tillbook/contract/wallet';

/** Table types of the wallet (migration 0010-wallet, decision 0027). */
export interface WalletsTable {
  id: string;
  store_id: string;
  currency: string;
  provider: 'sandbox' | 'paystack';
  bank_name: string;
  bank_code: string | null;
  account_number: string;
  account_name: string;
  provider_ref: string | null;
  created_at: string;
  updated_at: string;
}

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

export interface LedgerAccountsTable {
  id: string;
  store_id: string;
  wallet_id: string;
  kind: LedgerAccountKind;
  balance: number;
  created_at: string;
}

export interface WalletTransactionsTable {
  id: string;
  store_id: string;
  wallet_id: string;
  type: WalletTransactionType;
  direction: 'credit' | 'debit';
  status: WalletTransactionStatus;
  amount: number;
  fee: number;
  balance_after: number;
  reference: string;
  external_key: string | null;
  narration: string | null;
  counterparty_name: string | null;
  counterparty_account: string | null;
  counterparty_bank_code: string | null;
  counterparty_bank_name: string | null;
  related_id: string | null;
  failure_reason: string | null;
  actor_type: 'user' | 'api_key' | 'system';
  actor_id: string | null;
  actor_name: string | null;
  created_at: string;
  updated_at: string;
}

export interface LedgerEntriesTable {
  id: string;
  store_id: string;
  transaction_id: string;
  account_id: string;
  /** Signed minor units: the entries of one transaction sum to zero. */
  amount: number;
  created_at: string;
}

export interface SettlementAccountsTable {
  store_id: string;
  bank_code: string;
  bank_name: string;
  account_number: string;
  account_name: string;
  updated_at: string;
}

/** A person's transaction PIN (argon2id), given instead of the password to confirm a transfer. */
export interface TransactionPinsTable {
  user_id: string;
  pin_hash: string;
  created_at: string;
  updated_at: string;
}

declare module '../../db/schema.js' {
  interface Database {
    wallets: WalletsTable;
    ledger_accounts: LedgerAccountsTable;
    wallet_transactions: WalletTransactionsTable;
    ledger_entries: LedgerEntriesTable;
    settlement_accounts: SettlementAccountsTable;
    transaction_pins: TransactionPinsTable;
  }
}
