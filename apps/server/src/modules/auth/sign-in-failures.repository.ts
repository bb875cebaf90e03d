import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The counts of wrong passwords behind sign-in's slowing down (`sign_in_failures`, decision 0021). */

export const failuresOf = (db: Db, keys: string[]) =>
  db
    .selectFrom('sign_in_failures')
    .select(['key', 'window_start', 'next_at'])
    .where('key', 'in', keys)
    .execute();

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('key', '=', key).execute();
}

/**
 * Counts one failure for the key at `now` (milliseconds), in one upsert: a window that started at
 * `expired` or before starts afresh. Answers the window's failures, this one included.
 */
export async function addFailure(db: Db, key: string, now: number, expired: number): Promise<number> {
  const row = await db
    .insertInto('sign_in_failures')
    .values({ key, window_start: now, failures: 1, next_at: 0 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql`case when sign_in_failures.window_start <= ${expired} then 1 else sign_in_failures.failures + 1 end`,
        window_start: sql`case when sign_in_failures.window_start <= ${expired} then ${now} else sign_in_failures.window_start end`,
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  return row.failures;
}

/** Sets when the key's next try may come, unless a later time is already set. */
export async function waitAtLeastUntil(db: Db, key: string, nextAt: number): Promise<void> {
  await db
    .updateTable('sign_in_failures')
    .set({ next_at: nextAt })
    .where('key', '=', key)
    .where('next_at', '<', nextAt)
    .execute();
}
