import { sql, type Kysely, type Transaction } from 'kysely';
import { engineOf } from '../../db/connection.js';
import { onCitus } from '../../db/distribution.js';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * What a plan's limits count, read (read-only) from the stores' and memberships' tables in
 * this one file (decision 0025: a lower module reads a higher module's tables only so).
 */

/** People in the store, the owner and open invitations included. */
export async function countMembers(db: Db, storeId: string): Promise<number> {
  const row = await db
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('store_id', '=', storeId)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Stores and branches an owner has. */
export async function countOwnedStores(db: Db, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom('stores')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_user_id', '=', ownerId)
    // A sandbox twin is not a store of the plan (decision 0032).
    .where('sandbox_of', 'is', null)
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * An owner's stores and branches (sandbox twins are not stores of the plan, decision 0032).
 * `stores` is a table every node holds (decision 0049): this read names no store.
 */
export async function ownerStores(
  db: Db,
  ownerId: string,
): Promise<Array<{ id: string; created_at: string }>> {
  return db
    .selectFrom('stores')
    .select(['id', 'created_at'])
    .where('owner_user_id', '=', ownerId)
    .where('sandbox_of', 'is', null)
    .execute();
}

/**
 * The plans running today in these stores, the latest ending first (then the latest made). Read
 * by the stores' ids, so each store's subscriptions are asked of the worker that holds them.
 */
export async function runningPlans(
  db: Db,
  storeIds: readonly string[],
  today: string,
): Promise<Array<{ store_id: string; plan_code: string }>> {
  if (storeIds.length === 0) return [];
  return db
    .selectFrom('subscriptions')
    .select(['store_id', 'plan_code'])
    .where('store_id', 'in', [...storeIds])
    .where('start_date', '<=', today)
    .where('end_date', '>=', today)
    .orderBy('end_date', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Active members only (accepting an invitation checks these; open invitations are not people yet). */
export async function countActiveMembers(db: Db, storeId: string): Promise<number> {
  const row = await db
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('store_id', '=', storeId)
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * On Citus, makes the transaction use one connection per node. A plan check may read several
 * stores' rows at once (an owner's stores, a branch and its main store), which Citus does over
 * several connections per node; the transaction then writes `stores` or `users` (a new store, an
 * invited or accepting account), tables on every node that Citus refuses to change after such a
 * read ("cannot modify table … because there was a parallel operation on a distributed table").
 * Elsewhere nothing to do.
 */
export async function oneConnectionPerNode(trx: Transaction<Database>): Promise<void> {
  if (onCitus()) await sql`set local citus.multi_shard_modify_mode to 'sequential'`.execute(trx);
}

/**
 * Locks a store's row until the transaction ends, so that members are added to it one at a
 * time, and answers what the plan check needs of it. `for no key update` does not wait for the
 * sales being written meanwhile (their foreign keys take a key-share lock on the row), only for
 * other lockers of this kind. SQLite runs one writing transaction at a time: a read is enough.
 */
export async function lockStoreForPlan(trx: Transaction<Database>, storeId: string) {
  let q = trx.selectFrom('stores').select(['id', 'timezone', 'owner_user_id']).where('id', '=', storeId);
  if (engineOf(trx as never) === 'postgres') q = q.forNoKeyUpdate();
  return q.executeTakeFirst();
}

/** Locks an owner's account row until the transaction ends: their stores are added one at a time. */
export async function lockOwnerForPlan(trx: Transaction<Database>, ownerId: string): Promise<void> {
  let q = trx.selectFrom('users').select('id').where('id', '=', ownerId);
  if (engineOf(trx as never) === 'postgres') q = q.forNoKeyUpdate();
  await q.executeTakeFirst();
}

/** A store's active members, with when each was invited (a plan keeps the first ones, decision 0044). */
export const activeMembers = (db: Db, storeId: string) =>
  db
    .selectFrom('memberships')
    .select(['id', 'user_id', 'created_at'])
    .where('store_id', '=', storeId)
    .where('status', '=', 'active')
    .execute();
