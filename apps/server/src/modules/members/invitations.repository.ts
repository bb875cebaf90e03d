import type { Kysely, Transaction } from 'kysely';
import { rowsChanged } from '../../db/results.js';
import type { Database } from '../../db/schema.js';
import { acrossStores } from '../../db/store-key-check.js';
import { membershipsWithUserAndRole } from './members.repository.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Invitations as the person invited opens them: found by the hash of the emailed token, which
 * names no store, so the first read asks every worker (marked across stores); whatever follows
 * names the invitation's store.
 */

/** What the invitation screen shows: the store, the role and the names the account has. */
export const invitationDetailsByToken = (db: Db, tokenHash: string) =>
  // Found by its link alone: the store is not known until the invitation is.
  acrossStores(
    membershipsWithUserAndRole(db)
      .innerJoin('invitations as i', (j) =>
        j.onRef('i.store_id', '=', 'm.store_id').onRef('i.membership_id', '=', 'm.id'),
      )
      .innerJoin('stores as s', 's.id', 'i.store_id')
      .select([
        'i.email',
        'i.expires_at',
        'i.accepted_at',
        'i.first_name as invited_first_name',
        'i.last_name as invited_last_name',
        's.business_name',
        'r.name as role_name',
        'u.first_name',
        'u.last_name',
        'u.password_hash',
        'u.email_verified_at',
      ])
      .where('i.token_hash', '=', tokenHash),
  ).executeTakeFirst();

/** The invitation of an emailed link; its `store_id` names the store for every later statement. */
export const findInvitation = (db: Db, tokenHash: string) =>
  // Found by its link alone: the store is not known until the invitation is.
  acrossStores(
    db.selectFrom('invitations').selectAll().where('token_hash', '=', tokenHash),
  ).executeTakeFirst();

/** The membership an invitation is for, in the invitation's store. */
export const findInvitedMembership = (db: Db, invitation: { store_id: string; membership_id: string }) =>
  db
    .selectFrom('memberships')
    .select(['id', 'user_id'])
    .where('store_id', '=', invitation.store_id)
    .where('id', '=', invitation.membership_id)
    .executeTakeFirst();

/** Marks an invitation accepted unless it already was: false for the second of two tries. */
export async function takeInvitation(
  db: Db,
  invitation: { store_id: string; id: string },
  now: string,
): Promise<boolean> {
  const taken = await db
    .updateTable('invitations')
    .set({ accepted_at: now })
    .where('store_id', '=', invitation.store_id)
    .where('id', '=', invitation.id)
    .where('accepted_at', 'is', null)
    .executeTakeFirst();
  return rowsChanged(taken) === 1;
}

/** The invited membership becomes active: the person is on the team. */
export async function activateMembership(
  db: Db,
  storeId: string,
  membershipId: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('memberships')
    .set({ status: 'active', updated_at: now })
    .where('store_id', '=', storeId)
    .where('id', '=', membershipId)
    .execute();
}
