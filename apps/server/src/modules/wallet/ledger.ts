import type { WalletTransaction } from '@tillbook/contract/wallet';
import type { Insertable, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { auditRow } from '../../lib/audit.js';
import type { RequestContext } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { insertRows } from '../../lib/insert-rows.js';
import {
  LEDGER_ACCOUNT_KINDS,
  type LedgerAccountKind,
  type WalletTransactionsTable,
  type WalletsTable,
} from './wallet.tables.js';

/** One line of a posting: money into (positive) or out of (negative) an account of the wallet. */
export interface Posting {
  kind: LedgerAccountKind;
  amount: number;
}

/** The store's own accounts: never below zero (checked by the update itself, and by the table). */
const GUARDED: ReadonlySet<LedgerAccountKind> = new Set(['available', 'held']);

export class InsufficientFunds extends AppError {
  constructor(
    readonly available: number,
    readonly needed: number,
    money: (minor: number) => string,
  ) {
    super(
      'UNPROCESSABLE',
      `Not enough money in the wallet: this needs ${money(needed)} and the balance is ${money(available)}, ${money(needed - available)} short.`,
    );
  }
}

export const newReference = () => `tb_${newId().replace(/-/g, '')}`;

/**
 * Writes a posting's entries and moves the accounts' balances, in `trx`. Each balance changes
 * by one conditional UPDATE (`balance + amount >= 0` for the store's accounts), which takes the
 * row's write lock first: two postings on one wallet run one after the other, and the second
 * sees the first's result, so no read before the write can let a balance go below zero.
 * Accounts are updated in one fixed order, so two postings never wait on each other crosswise.
 * Answers the available balance after the posting; throws `InsufficientFunds` (rolling back
 * the caller's transaction) when a guarded account would go below zero.
 */
export async function post(
  trx: Transaction<Database>,
  wallet: WalletsTable,
  transactionId: string,
  postings: readonly Posting[],
  now: string,
  money: (minor: number) => string,
): Promise<number> {
  const total = postings.reduce((sum, p) => sum + p.amount, 0);
  if (total !== 0) throw new Error(`A posting must sum to zero, this one sums to ${total}`);
  const byKind = new Map<LedgerAccountKind, number>();
  for (const p of postings) byKind.set(p.kind, (byKind.get(p.kind) ?? 0) + p.amount);
  const entries: Array<Insertable<Database['ledger_entries']>> = [];
  let available: number | null = null;
  for (const kind of LEDGER_ACCOUNT_KINDS) {
    const amount = byKind.get(kind);
    if (amount === undefined || amount === 0) continue;
    let q = trx
      .updateTable('ledger_accounts')
      .set((eb) => ({ balance: eb('balance', '+', amount) }))
      .where('store_id', '=', wallet.store_id)
      .where('wallet_id', '=', wallet.id)
      .where('kind', '=', kind);
    if (GUARDED.has(kind) && amount < 0) q = q.where('balance', '>=', -amount);
    const row = await q.returning(['id', 'balance']).executeTakeFirst();
    if (!row) {
      const current = await trx
        .selectFrom('ledger_accounts')
        .select('balance')
        .where('store_id', '=', wallet.store_id)
        .where('wallet_id', '=', wallet.id)
        .where('kind', '=', kind)
        .executeTakeFirstOrThrow();
      throw new InsufficientFunds(current.balance, -amount, money);
    }
    if (kind === 'available') available = row.balance;
    entries.push({
      id: newId(),
      store_id: wallet.store_id,
      transaction_id: transactionId,
      account_id: row.id,
      amount,
      created_at: now,
    });
  }
  await insertRows(trx, 'ledger_entries', entries);
  if (available !== null) return available;
  const row = await trx
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('store_id', '=', wallet.store_id)
    .where('wallet_id', '=', wallet.id)
    .where('kind', '=', 'available')
    .executeTakeFirstOrThrow();
  return row.balance;
}

export type NewTransaction = Omit<
  WalletTransactionsTable,
  | 'id'
  | 'store_id'
  | 'wallet_id'
  | 'balance_after'
  | 'actor_type'
  | 'actor_id'
  | 'actor_name'
  | 'created_at'
  | 'updated_at'
>;

/**
 * Records a transaction with its posting and its audit row, all in `trx`: the three exist
 * together or not at all. Null when a transaction with the same external key exists.
 */
export async function recordTransaction(
  trx: Transaction<Database>,
  ctx: RequestContext,
  wallet: WalletsTable,
  input: NewTransaction,
  postings: readonly Posting[],
  money: (minor: number) => string,
  summary: string,
): Promise<WalletTransactionsTable | null> {
  const id = newId();
  const now = ctx.now.toISOString();
  // The row first (the entries point to it), its balance after filled once the posting is done.
  const row: WalletTransactionsTable = {
    ...input,
    id,
    store_id: wallet.store_id,
    wallet_id: wallet.id,
    balance_after: 0,
    actor_type: ctx.actor?.type ?? 'system',
    actor_id: ctx.actor?.id ?? null,
    actor_name: ctx.actor?.name ?? null,
    created_at: now,
    updated_at: now,
  };
  // A transaction with an external key (a deposit's provider reference) happens once: a second
  // delivery, even a concurrent one, waits on the unique key and then inserts nothing.
  const inserted = await trx
    .insertInto('wallet_transactions')
    .values(row)
    .onConflict((oc) => oc.columns(['store_id', 'external_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return null;
  row.balance_after = await post(trx, wallet, id, postings, now, money);
  await trx
    .updateTable('wallet_transactions')
    .set({ balance_after: row.balance_after })
    .where('store_id', '=', wallet.store_id)
    .where('id', '=', id)
    .execute();
  await insertRows(trx, 'audits', [
    auditRow(ctx, {
      action: `wallet.${input.type}`,
      entity: 'wallet_transaction',
      entityId: id,
      summary,
      after: toWalletTransaction(row),
      storeId: wallet.store_id,
    }),
  ]);
  return row;
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
