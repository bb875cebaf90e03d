import type { Insertable, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { auditRow } from '../../lib/audit.js';
import type { RequestContext } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { insertRows } from '../../lib/insert-rows.js';
import { toWalletTransaction, walletRepository } from './wallet.repository.js';
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
  const repo = walletRepository(trx, wallet.store_id);
  let available: number | null = null;
  for (const kind of LEDGER_ACCOUNT_KINDS) {
    const amount = byKind.get(kind);
    if (amount === undefined || amount === 0) continue;
    const row = await repo.moveBalance(wallet.id, kind, amount, GUARDED.has(kind) && amount < 0);
    if (!row) throw new InsufficientFunds(await repo.balance(wallet.id, kind), -amount, money);
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
  return available ?? repo.balance(wallet.id, 'available');
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
  const repo = walletRepository(trx, wallet.store_id);
  if (!(await repo.addTransactionOnce(row))) return null;
  row.balance_after = await post(trx, wallet, id, postings, now, money);
  await repo.setBalanceAfter(id, row.balance_after);
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
