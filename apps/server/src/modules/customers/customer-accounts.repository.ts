import type { AccountEntryKind } from '@tillbook/contract/customer-accounts';
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { Database, Table } from '../../db/schema.js';
import { containsText } from '../../lib/sql.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The customers' receivable accounts (decision 0065): one row per sale on credit, repayment,
 * refund, write-off, credit held and credit used. What a customer owes is the sum of their rows;
 * no stored figure can drift from it.
 */
export type AccountEntriesTable = Table<'customer_account_entries'>;

/** An entry with its balance after, worked out by a running sum over the customer's rows. */
export interface EntryWithBalance extends AccountEntriesTable {
  balance_after: number;
}

export function accountsRepository(db: Db, storeId: string) {
  const entries = () => db.selectFrom('customer_account_entries').where('store_id', '=', storeId);
  return {
    /** Writes entries (each names its own store), in the caller's transaction. */
    async insert(rows: Insertable<AccountEntriesTable>[]): Promise<void> {
      if (rows.length) await db.insertInto('customer_account_entries').values(rows).execute();
    },

    /** What one customer owes now (negative: credit held). */
    async balance(customerId: string): Promise<number> {
      const row = await entries()
        .select((eb) => eb.fn.sum<number | null>('amount').as('balance'))
        .where('customer_id', '=', customerId)
        .executeTakeFirst();
      return row?.balance ?? 0;
    },

    /** The balance before an instant (a statement's opening balance). */
    async balanceBefore(customerId: string, before: string): Promise<number> {
      const row = await entries()
        .select((eb) => eb.fn.sum<number | null>('amount').as('balance'))
        .where('customer_id', '=', customerId)
        .where('created_at', '<', before)
        .executeTakeFirst();
      return row?.balance ?? 0;
    },

    /** Sums of the entries in a period by kind, and how many there are. */
    async totalsByKind(
      customerId: string,
      from: string | null,
      to: string | null,
    ): Promise<{ byKind: Map<AccountEntryKind, number>; count: number }> {
      let q = entries()
        .select((eb) => ['kind', eb.fn.sum<number>('amount').as('total'), eb.fn.countAll<number>().as('n')])
        .where('customer_id', '=', customerId);
      if (from) q = q.where('created_at', '>=', from);
      if (to) q = q.where('created_at', '<=', to);
      const rows = await q.groupBy('kind').execute();
      return {
        byKind: new Map(rows.map((r) => [r.kind as AccountEntryKind, r.total])),
        count: rows.reduce((n, r) => n + r.n, 0),
      };
    },

    /**
     * Entries of a period with each one's balance after: a window sum over all the customer's
     * rows in the order they were made (`created_at`, then id: ids are time-ordered), filtered to
     * the period outside the window so the first row shown carries what came before. The same
     * SQL on SQLite and PostgreSQL.
     */
    async entriesWithBalance(
      customerId: string,
      period: { from: string | null; to: string | null },
      page: { newestFirst: boolean; limit: number; offset: number },
    ): Promise<EntryWithBalance[]> {
      const running = db
        .selectFrom('customer_account_entries')
        .selectAll()
        .select(
          sql<number>`sum(amount) over (order by created_at, id rows between unbounded preceding and current row)`.as(
            'balance_after',
          ),
        )
        .where('store_id', '=', storeId)
        .where('customer_id', '=', customerId)
        .as('e');
      let q = db.selectFrom(running).selectAll('e');
      if (period.from) q = q.where('e.created_at', '>=', period.from);
      if (period.to) q = q.where('e.created_at', '<=', period.to);
      const direction = page.newestFirst ? 'desc' : 'asc';
      return q
        .orderBy('e.created_at', direction)
        .orderBy('e.id', direction)
        .limit(page.limit)
        .offset(page.offset)
        .execute();
    },

    /**
     * Every entry of the customers who owe (a positive balance), oldest first, with the customer's
     * name, phone and limit: what the ageing is worked out from. `search` narrows by name or phone.
     */
    async entriesOfOwing(search: string | undefined) {
      const owing = db
        .selectFrom('customer_account_entries')
        .select('customer_id')
        .where('store_id', '=', storeId)
        .groupBy('customer_id')
        .having((eb) => eb.fn.sum('amount'), '>', 0);
      let q = db
        .selectFrom('customer_account_entries as a')
        .innerJoin('customers as c', (j) =>
          j.onRef('c.store_id', '=', 'a.store_id').onRef('c.id', '=', 'a.customer_id'),
        )
        .select([
          'a.customer_id',
          'a.kind',
          'a.amount',
          'a.created_at',
          'c.first_name',
          'c.last_name',
          'c.phone_number',
          'c.credit_limit',
        ])
        .where('a.store_id', '=', storeId)
        .where('c.store_id', '=', storeId)
        .where('a.customer_id', 'in', owing);
      // Every word typed must be in the name or, four digits or more, the phone number.
      for (const word of (search ?? '').split(/\s+/).filter(Boolean)) {
        const digits = word.replace(/\D/g, '');
        q = q.where((eb) =>
          eb.or([
            containsText('c.first_name', word),
            containsText('c.last_name', word),
            ...(digits.length >= 4 ? [containsText('c.phone_number', digits)] : []),
          ]),
        );
      }
      return q.orderBy('a.customer_id').orderBy('a.created_at').orderBy('a.id').execute();
    },

    /** The entries of a payment (its repayment rows, by the payments' ids). */
    byPayments(paymentIds: string[]) {
      if (!paymentIds.length) return Promise.resolve([]);
      return entries().selectAll().where('payment_id', 'in', paymentIds).orderBy('id').execute();
    },
  };
}
