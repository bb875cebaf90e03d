import { INVITATION_TTL_DAYS } from '@tillbook/contract/constants';
import type { addMemberBody, createRoleBody, Member, Role, updateRoleBody } from '@tillbook/contract/members';
import { PERMISSION_GROUPS, type Permission } from '@tillbook/contract/permissions';
import type { z } from 'zod';
import { AppError, conflict, notFound } from '../../lib/app-error.js';
import { writeAudit } from '../../lib/audit.js';
import { addDays } from '../../lib/clock.js';
import type { StoreContext } from '../../lib/context.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { newId } from '../../lib/ids.js';
import { assertPlanAllows } from '../../lib/plan-limits.js';
import { rolePermissions } from '../../lib/roles.js';
import { assertCanMailOthers, consumeMailQuota, quoted } from '../../lib/outgoing-mail.js';
import { NO_PASSWORD } from '../auth/users.repository.js';
import { membersRepository } from './members.repository.js';

export const listPermissions = () => PERMISSION_GROUPS;

export const listRoles = (ctx: StoreContext) => membersRepository(ctx.db, ctx.storeId).listRoles();

/** Nobody hands out a permission they do not hold themselves. */
function assertCanGrant(ctx: StoreContext, permissions: Iterable<string>): void {
  const missing = [...permissions].filter((p) => !ctx.access.permissions.has(p as Permission));
  if (missing.length) {
    throw new AppError(
      'FORBIDDEN',
      `You cannot grant permissions you do not have yourself: ${missing.join(', ')}.`,
      {
        fields: { permissions: `Not yours to grant: ${missing.join(', ')}` },
      },
    );
  }
}

/**
 * Nobody acts on a member or a role with rights they do not hold themselves: removing an Admin,
 * re-inviting one, or stripping a role of a permission are all uses of that power.
 */
function assertHolds(ctx: StoreContext, permissions: Iterable<string>, what: string): void {
  const missing = [...permissions].filter((p) => !ctx.access.permissions.has(p as Permission));
  if (missing.length) {
    throw new AppError(
      'FORBIDDEN',
      `You cannot ${what} permissions you do not have yourself: ${missing.join(', ')}.`,
    );
  }
}

const ACT_ON_MEMBER = 'act on a member whose role has';

async function findRoleOr404(ctx: StoreContext, id: string) {
  const role = await membersRepository(ctx.db, ctx.storeId).findRole(id);
  if (!role) throw notFound('Role');
  return role;
}

export async function createRole(ctx: StoreContext, body: z.output<typeof createRoleBody>): Promise<Role> {
  const repo = membersRepository(ctx.db, ctx.storeId);
  if (await repo.findRoleByName(body.name)) {
    throw conflict(`A role named "${body.name}" already exists.`, {
      name: 'A role with this name already exists',
    });
  }
  assertCanGrant(ctx, body.permissions);
  const permissions = [...new Set(body.permissions)];
  const id = newId();
  const now = ctx.now.toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('roles')
      .values({
        id,
        store_id: ctx.storeId,
        key: null,
        name: body.name,
        description: body.description ?? null,
        permissions: JSON.stringify(permissions),
        created_at: now,
        updated_at: now,
      })
      .execute();
    await writeAudit(trx, ctx, {
      action: 'role.created',
      entity: 'role',
      entityId: id,
      summary: `Role "${body.name}" created`,
      after: { name: body.name, description: body.description ?? null, permissions },
    });
  });
  return {
    id,
    name: body.name,
    key: null,
    description: body.description ?? null,
    is_system: false,
    permissions,
    members_count: 0,
    created_at: now,
  };
}

export async function updateRole(
  ctx: StoreContext,
  id: string,
  body: z.output<typeof updateRoleBody>,
): Promise<Role> {
  const role = await findRoleOr404(ctx, id);
  if (role.key)
    throw conflict(`The built-in role ${role.name} cannot be changed. Create a custom role instead.`);
  assertHolds(ctx, rolePermissions(null, role.permissions), 'change a role that has');
  const repo = membersRepository(ctx.db, ctx.storeId);
  if (body.name && body.name.toLowerCase() !== role.name.toLowerCase()) {
    const clash = await repo.findRoleByName(body.name);
    if (clash)
      throw conflict(`A role named "${body.name}" already exists.`, {
        name: 'A role with this name already exists',
      });
  }
  if (body.permissions) assertCanGrant(ctx, body.permissions);
  const before = {
    name: role.name,
    description: role.description,
    permissions: [...rolePermissions(null, role.permissions)],
  };
  const after = {
    name: body.name ?? role.name,
    description: body.description !== undefined ? body.description : role.description,
    permissions: body.permissions ? [...new Set(body.permissions)] : before.permissions,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('roles')
      .set({
        name: after.name,
        description: after.description,
        permissions: JSON.stringify(after.permissions),
        updated_at: ctx.now.toISOString(),
      })
      .where('store_id', '=', ctx.storeId)
      .where('id', '=', id)
      .execute();
    await writeAudit(trx, ctx, {
      action: 'role.updated',
      entity: 'role',
      entityId: id,
      summary: `Role "${after.name}" updated`,
      before,
      after,
    });
  });
  return (await repo.listRoles()).find((r) => r.id === id)!;
}

export async function deleteRole(ctx: StoreContext, id: string): Promise<void> {
  const role = await findRoleOr404(ctx, id);
  if (role.key) throw conflict(`The built-in role ${role.name} cannot be deleted.`);
  assertHolds(ctx, rolePermissions(null, role.permissions), 'delete a role that has');
  const holders = await membersRepository(ctx.db, ctx.storeId).countRoleMembers(id);
  if (holders > 0) {
    throw conflict(`${holders} member(s) hold the role "${role.name}". Give them another role first.`);
  }
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('roles').where('store_id', '=', ctx.storeId).where('id', '=', id).execute();
    await writeAudit(trx, ctx, {
      action: 'role.deleted',
      entity: 'role',
      entityId: id,
      summary: `Role "${role.name}" deleted`,
      before: { name: role.name, permissions: [...rolePermissions(null, role.permissions)] },
    });
  });
}

export const listMembers = (ctx: StoreContext): Promise<Member[]> =>
  membersRepository(ctx.db, ctx.storeId).listMembers(ctx.actor.id, ctx.access.store.owner_user_id);

async function assignableRole(ctx: StoreContext, roleId: string) {
  const role = await membersRepository(ctx.db, ctx.storeId).findRole(roleId);
  if (!role)
    throw new AppError('NOT_FOUND', 'Role not found.', {
      fields: { role_id: 'Choose one of the store’s roles' },
    });
  if (role.key === 'owner') {
    throw new AppError('UNPROCESSABLE', 'A store has one Owner. Choose another role.', {
      fields: { role_id: 'Choose another role' },
    });
  }
  assertCanGrant(ctx, rolePermissions(role.key, role.permissions));
  return role;
}

/**
 * Invites a person to the store. Whether or not the email has an account, the answer, the work
 * and the mail are the same, and the person joins only by accepting the emailed link
 * (decision 0020): an account nobody has proved to own never gets into another's store.
 */
export async function addMember(ctx: StoreContext, body: z.output<typeof addMemberBody>): Promise<Member> {
  assertCanMailOthers(ctx, 'inviting team members');
  await assertPlanAllows(ctx, 'members');
  const role = await assignableRole(ctx, body.role_id);
  await consumeMailQuota(ctx, 'invitation', body.email);
  const token = randomToken(24);
  const now = ctx.now.toISOString();
  const membershipId = await ctx.db.transaction().execute(async (trx) => {
    // The same statement whether the email is new or taken, and no unique-key clash when two
    // stores invite the same new email at once: the second insert does nothing.
    await trx
      .insertInto('users')
      .values({
        id: newId(),
        email: body.email,
        password_hash: NO_PASSWORD,
        first_name: '',
        last_name: '',
        phone_number: '',
        country: '',
        business_name: null,
        email_verified_at: null,
        photo_url: null,
        website: null,
        billing_contact: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('email').doNothing())
      .execute();
    const user = await trx
      .selectFrom('users')
      .select('id')
      .where('email', '=', body.email)
      .executeTakeFirstOrThrow();
    const id = newId();
    const added = await trx
      .insertInto('memberships')
      .values({
        id,
        store_id: ctx.storeId,
        user_id: user.id,
        role_id: role.id,
        status: 'invited',
        invited_by: ctx.actor.id,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(['store_id', 'user_id']).doNothing())
      .executeTakeFirst();
    if (Number(added.numInsertedOrUpdatedRows ?? 0) !== 1) {
      const held = await membersRepository(trx, ctx.storeId).findMembershipByUser(user.id);
      throw held?.status === 'invited'
        ? conflict(`${body.email} is already invited. Send the invitation again from the team list.`, {
            email: 'Already invited',
          })
        : conflict(`${body.email} is already a member of this store.`, { email: 'Already a member' });
    }
    await trx
      .insertInto('invitations')
      .values({
        id: newId(),
        store_id: ctx.storeId,
        membership_id: id,
        email: body.email,
        token_hash: sha256(token),
        expires_at: addDays(ctx.now, INVITATION_TTL_DAYS).toISOString(),
        accepted_at: null,
        created_at: now,
        first_name: body.first_name ?? null,
        last_name: body.last_name ?? null,
      })
      .execute();
    await writeAudit(trx, ctx, {
      action: 'member.invited',
      entity: 'member',
      entityId: id,
      summary: `${body.email} invited as ${role.name}`,
      after: { email: body.email, role: role.name, status: 'invited' },
    });
    return id;
  });
  await mailInvitation(ctx, body.email, role.name, token);
  return (await listMembers(ctx)).find((m) => m.id === membershipId)!;
}

/**
 * One message for everyone invited, account or not. The subject is fixed; the names the
 * store chose (store, role, inviter) appear only in the text, quoted.
 */
async function mailInvitation(
  ctx: StoreContext,
  email: string,
  roleName: string,
  token: string,
): Promise<void> {
  const base = ctx.deps.config.PUBLIC_URL ?? `http://localhost:${ctx.deps.config.PORT}`;
  const store = quoted(ctx.access.store.business_name);
  const who = quoted(ctx.actor.name);
  await ctx.deps.mailer.send({
    to: email,
    subject: 'You are invited to join a team on Tillbook',
    text: [
      `${who} invited you to join the store ${store} on Tillbook with the role ${quoted(roleName)}.`,
      '',
      'Open this link to accept:',
      `${base}/auth/accept-invite?token=${token}`,
      '',
      'If you already have a Tillbook account with this email, sign in there to accept; if not, you will choose a password.',
      `The invitation expires in ${INVITATION_TTL_DAYS} days. If you did not expect it, ignore this email.`,
    ].join('\n'),
  });
}

export async function resendInvite(ctx: StoreContext, membershipId: string): Promise<Member> {
  assertCanMailOthers(ctx, 'inviting team members');
  const member = await membersRepository(ctx.db, ctx.storeId).findMembership(membershipId);
  if (!member) throw notFound('Member');
  if (member.status !== 'invited') throw conflict(`${member.email} already joined the store.`);
  assertHolds(ctx, rolePermissions(member.role_key, member.role_permissions), ACT_ON_MEMBER);
  await consumeMailQuota(ctx, 'invitation', member.email);
  const token = randomToken(24);
  const now = ctx.now.toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    const previous = await trx
      .selectFrom('invitations')
      .select(['first_name', 'last_name'])
      .where('store_id', '=', ctx.storeId)
      .where('membership_id', '=', membershipId)
      .where('accepted_at', 'is', null)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    await trx
      .deleteFrom('invitations')
      .where('store_id', '=', ctx.storeId)
      .where('membership_id', '=', membershipId)
      .where('accepted_at', 'is', null)
      .execute();
    await trx
      .insertInto('invitations')
      .values({
        id: newId(),
        store_id: ctx.storeId,
        membership_id: membershipId,
        email: member.email,
        token_hash: sha256(token),
        expires_at: addDays(ctx.now, INVITATION_TTL_DAYS).toISOString(),
        accepted_at: null,
        created_at: now,
        first_name: previous?.first_name ?? null,
        last_name: previous?.last_name ?? null,
      })
      .execute();
    await writeAudit(trx, ctx, {
      action: 'member.invitation_resent',
      entity: 'member',
      entityId: membershipId,
      summary: `Invitation sent again to ${member.email}`,
    });
  });
  await mailInvitation(ctx, member.email, member.role_name, token);
  return (await listMembers(ctx)).find((m) => m.id === membershipId)!;
}

export async function changeRole(ctx: StoreContext, membershipId: string, roleId: string): Promise<Member> {
  const repo = membersRepository(ctx.db, ctx.storeId);
  const member = await repo.findMembership(membershipId);
  if (!member) throw notFound('Member');
  if (member.user_id === ctx.actor.id) throw conflict('You cannot change your own role. Ask another admin.');
  if (member.role_key === 'owner') throw conflict("The store owner's role cannot be changed.");
  const role = await assignableRole(ctx, roleId);
  // Taking a role away is also a use of power: only someone who holds the current role's permissions may change it.
  assertHolds(ctx, rolePermissions(member.role_key, member.role_permissions), ACT_ON_MEMBER);
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('memberships')
      .set({ role_id: role.id, updated_at: ctx.now.toISOString() })
      .where('store_id', '=', ctx.storeId)
      .where('id', '=', membershipId)
      .execute();
    await writeAudit(trx, ctx, {
      action: 'member.role_changed',
      entity: 'member',
      entityId: membershipId,
      summary: `${member.email} is now ${role.name}`,
      before: { role: member.role_name },
      after: { role: role.name },
    });
  });
  return (await listMembers(ctx)).find((m) => m.id === membershipId)!;
}

export async function removeMember(ctx: StoreContext, membershipId: string): Promise<{ id: string }> {
  const member = await membersRepository(ctx.db, ctx.storeId).findMembership(membershipId);
  if (!member) throw notFound('Member');
  if (member.role_key === 'owner') throw conflict('The store owner cannot be removed.');
  if (member.user_id === ctx.actor.id) throw conflict('You cannot remove yourself. Ask another admin.');
  assertHolds(ctx, rolePermissions(member.role_key, member.role_permissions), ACT_ON_MEMBER);
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('invitations')
      .where('store_id', '=', ctx.storeId)
      .where('membership_id', '=', membershipId)
      .execute();
    await trx
      .deleteFrom('memberships')
      .where('store_id', '=', ctx.storeId)
      .where('id', '=', membershipId)
      .execute();
    await trx
      .updateTable('sessions')
      .set({ current_store_id: null })
      .where('user_id', '=', member.user_id)
      .where('current_store_id', '=', ctx.storeId)
      .execute();
    await writeAudit(trx, ctx, {
      action: 'member.removed',
      entity: 'member',
      entityId: membershipId,
      summary: `${member.email} removed from the store`,
      before: { email: member.email, role: member.role_name, status: member.status },
    });
  });
  return { id: membershipId };
}
