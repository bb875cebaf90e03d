import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { accountsWithEntryTotals, unbalancedTransactions } from './wallet.repository.js';

/**
 * The ledger's two invariants, as tests and the crash check read them: every transaction's
 * entries sum to zero, and every account's balance is the sum of its entries (and the store's
 * accounts are not below zero). Answers what is wrong, empty when nothing is.
 */
export async function ledgerProblems(db: Kysely<Database>): Promise<string[]> {
  const problems: string[] = [];
  // Both reads check every store's ledger (decision 0049).
  const unbalanced = await unbalancedTransactions(db);
  for (const u of unbalanced) problems.push(`transaction ${u.transaction_id} sums to ${u.total}`);
  const accounts = await accountsWithEntryTotals(db);
  for (const a of accounts) {
    if (a.balance !== a.total) {
      problems.push(`account ${a.id} (${a.kind}) holds ${a.balance} but its entries sum to ${a.total}`);
    }
    if ((a.kind === 'available' || a.kind === 'held') && a.balance < 0) {
      problems.push(`account ${a.id} (${a.kind}) is below zero: ${a.balance}`);
    }
  }
  return problems;
}
