import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { offsetOf } from '../../lib/pagination.js';
import type { SubscriptionsTable } from './subscriptions.tables.js';

type Db = Kysely<Database> | Transaction<Database>;

/** One store's subscriptions; every query is built from that store's id. */
export function subscriptionsRepository(db: Db, storeId: string) {
  return {
    /** The store's latest subscription running on `today` (the latest ending first), if any. */
    running: (today: string): Promise<SubscriptionsTable | undefined> =>
      db
        .selectFrom('subscriptions')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('start_date', '<=', today)
        .where('end_date', '>=', today)
        .orderBy('end_date', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst(),

    /** A page of the store's subscriptions, newest first, and how many there are. */
    async page(q: { page: number; perPage: number }): Promise<{ rows: SubscriptionsTable[]; total: number }> {
      const base = db.selectFrom('subscriptions').where('store_id', '=', storeId);
      const [rows, count] = await Promise.all([
        base
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(q.perPage)
          .offset(offsetOf(q))
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: count.n };
    },

    /** The periods that end on `today` or later, the latest ending first. */
    periodsFrom: (today: string) =>
      db
        .selectFrom('subscriptions')
        .select(['plan_name', 'start_date', 'end_date'])
        .where('store_id', '=', storeId)
        .where('end_date', '>=', today)
        .orderBy('end_date', 'desc')
        .execute(),

    add: async (row: SubscriptionsTable) => {
      await db.insertInto('subscriptions').values(row).execute();
    },
  };
}
