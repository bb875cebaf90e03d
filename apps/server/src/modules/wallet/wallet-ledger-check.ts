import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { acrossStores } from '../../db/store-key-check.js';

/**
 * The ledger's two invariants, as tests and the crash check read them: every transaction's
 * entries sum to zero, and every account's balance is the sum of its entries (and the store's
 * accounts are not below zero). Answers what is wrong, empty when nothing is.
 */
export async function ledgerProblems(db: Kysely<Database>): Promise<string[]> {
  const problems: string[] = [];
  // Both reads check every store's ledger (decision 0049); grouped and joined within the store,
  // so on Citus each worker sums its own stores' rows.
  const unbalanced = await acrossStores(
    db
      .selectFrom('ledger_entries')
      .select(['transaction_id', (eb) => eb.fn.sum<number>('amount').as('total')])
      .groupBy(['store_id', 'transaction_id'])
      .having((eb) => eb.fn.sum<number>('amount'), '!=', 0),
  ).execute();
  for (const u of unbalanced) problems.push(`transaction ${u.transaction_id} sums to ${u.total}`);
  const accounts = await acrossStores(
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
