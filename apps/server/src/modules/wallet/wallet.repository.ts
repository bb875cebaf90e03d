import type { WalletTransaction, walletExportQuery } from '@tillbook/contract/wallet';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { acrossStores } from '../../db/store-key-check.js';
import { newId } from '../../lib/ids.js';
import { endInstant, startInstant } from '../../lib/local-dates.js';
import { containsText } from '../../lib/sql.js';
import { offsetOf, pageOf } from '../../lib/pagination.js';
import type { IncomingDeposit } from '../../providers/payments/payment-provider.js';
import {
  LEDGER_ACCOUNT_KINDS,
  type LedgerAccountKind,
  type SettlementAccountsTable,
  type WalletTransactionsTable,
  type WalletsTable,
} from './wallet.tables.js';

type Db = Kysely<Database> | Transaction<Database>;
type Filters = z.output<typeof walletExportQuery>;

/** The wallet's reads and writes, bound to one store (dates are the store's local ones). */
export function walletRepository(db: Db, storeId: string, timeZone = 'UTC') {
  const filtered = (f: Filters) => {
    let q = db.selectFrom('wallet_transactions').where('store_id', '=', storeId);
    if (f.type) q = q.where('type', '=', f.type);
    if (f.status) q = q.where('status', '=', f.status);
    if (f.from) q = q.where('created_at', '>=', startInstant(f.from, timeZone)!);
    if (f.to) q = q.where('created_at', '<=', endInstant(f.to, timeZone)!);
    if (f.search) {
      const term = f.search;
      q = q.where((eb) =>
        eb.or([
          containsText('reference', term),
          containsText('counterparty_name', term),
          containsText('counterparty_account', term),
          containsText('narration', term),
        ]),
      );
    }
    return q;
  };
  return {
    wallet: (): Promise<WalletsTable | undefined> =>
      db.selectFrom('wallets').selectAll().where('store_id', '=', storeId).executeTakeFirst(),

    async balances(walletId: string): Promise<Record<string, number>> {
      const rows = await db
        .selectFrom('ledger_accounts')
        .select(['kind', 'balance'])
        .where('store_id', '=', storeId)
        .where('wallet_id', '=', walletId)
        .execute();
      return Object.fromEntries(rows.map((r) => [r.kind, r.balance]));
    },

    transaction: (id: string): Promise<WalletTransactionsTable | undefined> =>
      db
        .selectFrom('wallet_transactions')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .executeTakeFirst(),

    async list(q: Filters & { page: number; perPage: number }) {
      const [rows, count] = await Promise.all([
        filtered(q)
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(q.perPage)
          .offset(offsetOf(q))
          .execute(),
        filtered(q)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return pageOf(rows.map(toWalletTransaction), count.n, q);
    },

    all: (f: Filters) =>
      filtered(f).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(100_000).execute(),

    /** Money sent out since `since` (held, sent or pending), for the daily limit. */
    async sentSince(since: string): Promise<number> {
      const row = await db
        .selectFrom('wallet_transactions')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.val(0)).as('total'))
        .where('store_id', '=', storeId)
        .where('type', '=', 'transfer')
        .where('status', 'in', ['pending', 'success'])
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow();
      return row.total;
    },

    walletById: (id: string): Promise<WalletsTable> =>
      db
        .selectFrom('wallets')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),

    /** Adds the store's wallet unless it has one (the store's wallet is unique): false then. */
    async addWallet(row: WalletsTable): Promise<boolean> {
      const inserted = await db
        .insertInto('wallets')
        .values(row)
        .onConflict((oc) => oc.column('store_id').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /** A new wallet's accounts, one of each kind, at zero. */
    async addLedgerAccounts(walletId: string, now: string): Promise<void> {
      await db
        .insertInto('ledger_accounts')
        .values(
          LEDGER_ACCOUNT_KINDS.map((kind) => ({
            id: newId(),
            store_id: storeId,
            wallet_id: walletId,
            kind,
            balance: 0,
            created_at: now,
          })),
        )
        .execute();
    },

    /**
     * Adds `amount` to an account's balance in one conditional update; `guarded`, only while the
     * balance stays at zero or above. The account's id and new balance, or none when refused.
     */
    moveBalance(walletId: string, kind: LedgerAccountKind, amount: number, guarded: boolean) {
      let q = db
        .updateTable('ledger_accounts')
        .set((eb) => ({ balance: eb('balance', '+', amount) }))
        .where('store_id', '=', storeId)
        .where('wallet_id', '=', walletId)
        .where('kind', '=', kind);
      if (guarded) q = q.where('balance', '>=', -amount);
      return q.returning(['id', 'balance']).executeTakeFirst();
    },

    async balance(walletId: string, kind: LedgerAccountKind): Promise<number> {
      const row = await db
        .selectFrom('ledger_accounts')
        .select('balance')
        .where('store_id', '=', storeId)
        .where('wallet_id', '=', walletId)
        .where('kind', '=', kind)
        .executeTakeFirstOrThrow();
      return row.balance;
    },

    /**
     * Adds a transaction unless one with the same external key exists: a second delivery, even a
     * concurrent one, waits on the unique key and then inserts nothing (false).
     */
    async addTransactionOnce(row: WalletTransactionsTable): Promise<boolean> {
      const inserted = await db
        .insertInto('wallet_transactions')
        .values(row)
        .onConflict((oc) => oc.columns(['store_id', 'external_key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    async setBalanceAfter(id: string, balanceAfter: number): Promise<void> {
      await db
        .updateTable('wallet_transactions')
        .set({ balance_after: balanceAfter })
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .execute();
    },

    transactionByExternalKey: (externalKey: string): Promise<WalletTransactionsTable> =>
      db
        .selectFrom('wallet_transactions')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('external_key', '=', externalKey)
        .executeTakeFirstOrThrow(),

    /** Moves a transfer from status `from` to the outcome's: the row after, or none when it was not in `from`. */
    settleTransferRow: (
      reference: string,
      from: 'pending' | 'success',
      set: Pick<WalletTransactionsTable, 'status' | 'failure_reason' | 'updated_at'>,
    ) =>
      db
        .updateTable('wallet_transactions')
        .set(set)
        .where('store_id', '=', storeId)
        .where('reference', '=', reference)
        .where('type', '=', 'transfer')
        .where('status', '=', from)
        .returningAll()
        .executeTakeFirst(),

    /** Takes the wallet's row until the transaction ends (PostgreSQL; SQLite runs one writer at a time). */
    async lockWallet(id: string, forUpdate: boolean): Promise<void> {
      let lock = db.selectFrom('wallets').select('id').where('store_id', '=', storeId).where('id', '=', id);
      if (forUpdate) lock = lock.forUpdate();
      await lock.executeTakeFirst();
    },

    /** Whether the wallet's audit already records this refused deposit (its summary names it). */
    async depositRefusalSeen(walletId: string, summary: string): Promise<boolean> {
      const seen = await db
        .selectFrom('audits')
        .select('id')
        .where('store_id', '=', storeId)
        .where('entity', '=', 'wallet')
        .where('entity_id', '=', walletId)
        .where('action', '=', 'wallet.deposit_refused')
        .where('summary', '=', summary)
        .executeTakeFirst();
      return seen !== undefined;
    },

    settlementAccount: (): Promise<SettlementAccountsTable | undefined> =>
      db.selectFrom('settlement_accounts').selectAll().where('store_id', '=', storeId).executeTakeFirst(),

    /** The settlement account as an invoice prints it. */
    payTo: () =>
      db
        .selectFrom('settlement_accounts')
        .select(['bank_name', 'account_number', 'account_name'])
        .where('store_id', '=', storeId)
        .executeTakeFirst(),

    async saveSettlementAccount(row: Omit<SettlementAccountsTable, 'store_id'>): Promise<void> {
      await db
        .insertInto('settlement_accounts')
        .values({ ...row, store_id: storeId })
        .onConflict((oc) =>
          oc.column('store_id').doUpdateSet({
            bank_code: row.bank_code,
            bank_name: row.bank_name,
            account_number: row.account_number,
            account_name: row.account_name,
            updated_at: row.updated_at,
          }),
        )
        .execute();
    },
  };
}

/**
 * The wallet a deposit is for: by the provider's customer reference, else the account number.
 * A provider's deposit names no store, so it is looked for in every store (decision 0049); once
 * found, the wallet's store is in every statement that follows.
 */
export function walletForDeposit(db: Db, deposit: IncomingDeposit): Promise<WalletsTable | undefined> {
  const q = db.selectFrom('wallets').selectAll();
  return acrossStores(
    deposit.provider_ref
      ? q.where('provider_ref', '=', deposit.provider_ref)
      : q.where('account_number', '=', deposit.account_number ?? ''),
  ).executeTakeFirst();
}

/**
 * The transfer a provider names by our reference only: its store is found from it, in every
 * store (decision 0049), and every statement after this one is the store's.
 */
export const transferByReference = (db: Db, reference: string) =>
  acrossStores(
    db
      .selectFrom('wallet_transactions')
      .select(['store_id', 'wallet_id'])
      .where('reference', '=', reference)
      .where('type', '=', 'transfer'),
  ).executeTakeFirst();

/**
 * The reconciler's round is over every store's pending transfers (decision 0049), oldest first,
 * each with its wallet's currency; each is then settled in its own store.
 */
export const pendingTransfers = (db: Db, limit: number) =>
  acrossStores(
    db
      .selectFrom('wallet_transactions as t')
      .innerJoin('wallets as w', (join) =>
        join.onRef('w.store_id', '=', 't.store_id').onRef('w.id', '=', 't.wallet_id'),
      )
      .selectAll('t')
      .select(['w.currency as wallet_currency'])
      .where('t.type', '=', 'transfer')
      .where('t.status', '=', 'pending')
      .orderBy('t.created_at')
      .limit(limit),
  ).execute();

/**
 * The ledger check's reads, over every store's ledger (decision 0049); grouped and joined within
 * the store, so on Citus each worker sums its own stores' rows. First: the transactions whose
 * entries do not sum to zero.
 */
export const unbalancedTransactions = (db: Db) =>
  acrossStores(
    db
      .selectFrom('ledger_entries')
      .select(['transaction_id', (eb) => eb.fn.sum<number>('amount').as('total')])
      .groupBy(['store_id', 'transaction_id'])
      .having((eb) => eb.fn.sum<number>('amount'), '!=', 0),
  ).execute();

/** Every account's balance beside the sum of its entries. */
export const accountsWithEntryTotals = (db: Db) =>
  acrossStores(
    db
      .selectFrom('ledger_accounts as a')
      .leftJoin('ledger_entries as e', (join) =>
        join.onRef('e.store_id', '=', 'a.store_id').onRef('e.account_id', '=', 'a.id'),
      )
      .select([
        'a.id',
        'a.kind',
        'a.balance',
        (eb) => eb.fn.coalesce(eb.fn.sum<number>('e.amount'), eb.val(0)).as('total'),
      ])
      .groupBy(['a.store_id', 'a.id', 'a.kind', 'a.balance']),
  ).execute();

/** A person's transaction PIN (kept per person, not per store). */
export const transactionPin = (db: Db, userId: string) =>
  db
    .selectFrom('transaction_pins')
    .select(['pin_hash', 'updated_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();

export async function saveTransactionPin(
  db: Db,
  userId: string,
  pinHash: string,
  now: string,
): Promise<void> {
  await db
    .insertInto('transaction_pins')
    .values({ user_id: userId, pin_hash: pinHash, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ pin_hash: pinHash, updated_at: now }))
    .execute();
}

export function toWalletTransaction(row: WalletTransactionsTable): WalletTransaction {
  return {
    id: row.id,
    type: row.type,
    direction: row.direction,
    status: row.status,
    amount: row.amount,
    fee: row.fee,
    balance_after: row.balance_after,
    reference: row.reference,
    narration: row.narration,
    counterparty_name: row.counterparty_name,
    counterparty_account: row.counterparty_account,
    counterparty_bank_name: row.counterparty_bank_name,
    related_id: row.related_id,
    failure_reason: row.failure_reason,
    actor_name: row.actor_name,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
