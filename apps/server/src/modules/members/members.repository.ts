import type { Member, Role } from '@tillbook/contract/members';
import type { Permission } from '@tillbook/contract/permissions';
import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import { rowsChanged } from '../../db/results.js';
import type { Database, InvitationsTable, MembershipsTable, RolesTable } from '../../db/schema.js';
import { rolePermissions } from '../../lib/roles.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Roles and memberships of one store; every query is built from that store's id. */
export function membersRepository(db: Db, storeId: string) {
  const deleteInvitationsOf = (membershipId: string) =>
    db.deleteFrom('invitations').where('store_id', '=', storeId).where('membership_id', '=', membershipId);
  return {
    async listRoles(): Promise<Role[]> {
      const rows = await db
        .selectFrom('roles as r')
        .leftJoin('memberships as m', (j) =>
          j.onRef('m.role_id', '=', 'r.id').onRef('m.store_id', '=', 'r.store_id'),
        )
        .select(['r.id', 'r.name', 'r.key', 'r.description', 'r.permissions', 'r.created_at'])
        .select((eb) => eb.fn.count<number>('m.id').as('members_count'))
        .where('r.store_id', '=', storeId)
        .groupBy(['r.id', 'r.name', 'r.key', 'r.description', 'r.permissions', 'r.created_at'])
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        key: r.key as Role['key'],
        description: r.description,
        is_system: r.key !== null,
        permissions: [...rolePermissions(r.key, r.permissions)],
        members_count: r.members_count,
        created_at: r.created_at,
      }));
    },

    findRole: (id: string) =>
      db
        .selectFrom('roles')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .executeTakeFirst(),

    findRoleByName: (name: string) =>
      db
        .selectFrom('roles')
        .select('id')
        .where('store_id', '=', storeId)
        .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
        .executeTakeFirst(),

    countRoleMembers: async (roleId: string) =>
      (
        await db
          .selectFrom('memberships')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('store_id', '=', storeId)
          .where('role_id', '=', roleId)
          .executeTakeFirstOrThrow()
      ).n,

    async listMembers(viewerId: string | null, ownerId: string): Promise<Member[]> {
      const rows = await membershipsWithUserAndRole(db)
        .leftJoin('invitations as i', (j) =>
          j
            .onRef('i.store_id', '=', 'm.store_id')
            .onRef('i.membership_id', '=', 'm.id')
            .on('i.accepted_at', 'is', null),
        )
        .select([
          'm.id',
          'm.user_id',
          'm.status',
          'm.created_at',
          'u.email',
          'u.first_name',
          'u.last_name',
          'r.id as role_id',
          'r.name as role_name',
          'r.key as role_key',
        ])
        // A membership has at most one open invitation (a resend replaces it).
        .select((eb) => [
          eb.fn.max('i.expires_at').as('invitation_expires_at'),
          eb.fn.max('i.first_name').as('invited_first_name'),
          eb.fn.max('i.last_name').as('invited_last_name'),
        ])
        .where('m.store_id', '=', storeId)
        .groupBy([
          'm.id',
          'm.user_id',
          'm.status',
          'm.created_at',
          'u.email',
          'u.first_name',
          'u.last_name',
          'r.id',
          'r.name',
          'r.key',
        ])
        .orderBy('m.created_at', 'desc')
        .orderBy('m.id', 'desc')
        .execute();
      // While invited, nothing of the person's account shows (it may be one they made
      // elsewhere): the names are the inviter's and there is no user id yet.
      return rows.map((r) => ({
        id: r.id,
        user_id: r.status === 'invited' ? null : r.user_id,
        email: r.email,
        first_name: (r.status === 'invited' ? (r.invited_first_name as string | null) : r.first_name) || null,
        last_name: (r.status === 'invited' ? (r.invited_last_name as string | null) : r.last_name) || null,
        status: r.status,
        role: { id: r.role_id, name: r.role_name, key: r.role_key as Member['role']['key'] },
        invitation_expires_at:
          r.status === 'invited' ? ((r.invitation_expires_at as string | null) ?? null) : null,
        is_owner: r.user_id === ownerId && r.role_key === 'owner',
        is_you: r.user_id === viewerId,
        created_at: r.created_at,
      }));
    },

    /** The store's joined members with their role's key and stored permissions. */
    activeMembersWithRoles: () =>
      membershipsWithUserAndRole(db)
        .select([
          'm.user_id',
          'u.email',
          'u.first_name',
          'u.last_name',
          'r.key as role_key',
          'r.permissions as role_permissions',
        ])
        .where('m.store_id', '=', storeId)
        .where('m.status', '=', 'active')
        .orderBy('u.first_name')
        .orderBy('m.id')
        .execute(),

    findMembership: (id: string) =>
      membershipsWithUserAndRole(db)
        .select([
          'm.id',
          'm.user_id',
          'm.role_id',
          'm.status',
          'u.email',
          'u.first_name',
          'r.key as role_key',
          'r.name as role_name',
          'r.permissions as role_permissions',
        ])
        .where('m.store_id', '=', storeId)
        .where('m.id', '=', id)
        .executeTakeFirst(),

    findMembershipByUser: (userId: string) =>
      db
        .selectFrom('memberships')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('user_id', '=', userId)
        .executeTakeFirst(),

    /** Adds an invited membership unless the person already has one here: false then. */
    async addMembership(row: Omit<Insertable<MembershipsTable>, 'store_id'>): Promise<boolean> {
      const added = await db
        .insertInto('memberships')
        .values({ ...row, store_id: storeId })
        .onConflict((oc) => oc.columns(['store_id', 'user_id']).doNothing())
        .executeTakeFirst();
      return rowsChanged(added) === 1;
    },

    setMembershipRole: async (membershipId: string, roleId: string, now: string) => {
      await db
        .updateTable('memberships')
        .set({ role_id: roleId, updated_at: now })
        .where('store_id', '=', storeId)
        .where('id', '=', membershipId)
        .execute();
    },

    /** A membership and its invitations, invitations first (they name the membership). */
    async deleteMembership(membershipId: string): Promise<void> {
      await deleteInvitationsOf(membershipId).execute();
      await db
        .deleteFrom('memberships')
        .where('store_id', '=', storeId)
        .where('id', '=', membershipId)
        .execute();
    },

    addInvitation: async (row: Omit<Insertable<InvitationsTable>, 'store_id'>) => {
      await db
        .insertInto('invitations')
        .values({ ...row, store_id: storeId })
        .execute();
    },

    /** The names the inviter gave in the membership's open invitation, if there is one. */
    openInvitationNames: (membershipId: string) =>
      db
        .selectFrom('invitations')
        .select(['first_name', 'last_name'])
        .where('store_id', '=', storeId)
        .where('membership_id', '=', membershipId)
        .where('accepted_at', 'is', null)
        .orderBy('created_at', 'desc')
        .executeTakeFirst(),

    deleteOpenInvitations: async (membershipId: string) => {
      await deleteInvitationsOf(membershipId).where('accepted_at', 'is', null).execute();
    },

    addRole: async (row: Omit<Insertable<RolesTable>, 'store_id'>) => {
      await db
        .insertInto('roles')
        .values({ ...row, store_id: storeId })
        .execute();
    },

    updateRole: async (id: string, patch: Updateable<RolesTable>) => {
      await db.updateTable('roles').set(patch).where('store_id', '=', storeId).where('id', '=', id).execute();
    },

    deleteRole: async (id: string) => {
      await db.deleteFrom('roles').where('store_id', '=', storeId).where('id', '=', id).execute();
    },
  };
}

/** A store's memberships with each one's account and role: the members list and one member's read. */
export const membershipsWithUserAndRole = (db: Db) =>
  db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('roles as r', (j) => j.onRef('r.store_id', '=', 'm.store_id').onRef('r.id', '=', 'm.role_id'));

/** An active member's name and permissions in a store; null when they are not one. */
export async function memberStanding(
  db: Db,
  storeId: string,
  userId: string,
): Promise<{ name: string; permissions: ReadonlySet<Permission> } | null> {
  const row = await membershipsWithUserAndRole(db)
    .select(['u.first_name', 'u.last_name', 'r.key', 'r.permissions'])
    .where('m.store_id', '=', storeId)
    .where('m.user_id', '=', userId)
    .where('m.status', '=', 'active')
    .executeTakeFirst();
  if (!row) return null;
  return {
    name: `${row.first_name} ${row.last_name}`.trim(),
    permissions: rolePermissions(row.key, row.permissions),
  };
}
