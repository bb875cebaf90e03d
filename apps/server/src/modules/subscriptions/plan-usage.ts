import type { Kysely, Transaction } from 'kysely';
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
  return Number(row.n);
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
  return Number(row.n);
}

/** The ids of an owner's stores: their best plan decides how many stores the owner may have. */
export async function ownedStoreIds(db: Db, ownerId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('stores')
    .select('id')
    .where('owner_user_id', '=', ownerId)
    .where('sandbox_of', 'is', null)
    .execute();
  return rows.map((r) => r.id);
}
