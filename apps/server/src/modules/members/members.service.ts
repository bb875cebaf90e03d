import { INVITATION_TTL_DAYS } from '@tillbook/contract/constants';
import type { addMemberBody, CreditApprover, Member } from '@tillbook/contract/members';
import type { z } from 'zod';
import { AppError, conflict, notFound } from '../../lib/app-error.js';
import { writeAudit } from '../../lib/audit.js';
import { addDays } from '../../lib/clock.js';
import type { StoreContext } from '../../lib/context.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { newId } from '../../lib/ids.js';
import { claimPlanRoom } from '../../lib/plan-limits.js';
import { rolePermissions } from '../../lib/roles.js';
import { assertCanMailOthers, consumeMailQuota, quoted } from '../../lib/outgoing-mail.js';
import { ensureInvitedUser, leaveStoreInSessions } from '../users/users.public.js';
import { membersRepository } from './members.repository.js';
import { ACT_ON_MEMBER, assertCanGrant, assertHolds } from './roles.service.js';

export const listMembers = (ctx: StoreContext): Promise<Member[]> =>
  membersRepository(ctx.db, ctx.storeId).listMembers(ctx.actor.id, ctx.access.store.owner_user_id);

/**
 * Who may approve a sale on credit past a customer's limit with their PIN (decision 0065): the
 * till lists them by name only, so a cashier picks the manager standing beside them.
 */
export async function listCreditApprovers(ctx: StoreContext): Promise<CreditApprover[]> {
  const rows = await membersRepository(ctx.db, ctx.storeId).activeMembersWithRoles();
  return rows
    .filter((r) => rolePermissions(r.role_key, r.role_permissions).has('customers.credit_override'))
    .map((r) => ({
      user_id: r.user_id,
      name: [r.first_name, r.last_name].filter(Boolean).join(' ').trim() || r.email,
    }));
}

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

/** A new invitation for the emailed `token` (kept as its hash), open for the invitation's days. */
const invitationRow = (
  ctx: StoreContext,
  membershipId: string,
  email: string,
  token: string,
  names: { first_name: string | null; last_name: string | null },
) => ({
  id: newId(),
  membership_id: membershipId,
  email,
  token_hash: sha256(token),
  expires_at: addDays(ctx.now, INVITATION_TTL_DAYS).toISOString(),
  accepted_at: null,
  created_at: ctx.now.toISOString(),
  ...names,
});

/**
 * Invites a person to the store. Whether or not the email has an account, the answer, the work
 * and the mail are the same, and the person joins only by accepting the emailed link
 * (decision 0020): an account nobody has proved to own never gets into another's store.
 */
export async function addMember(ctx: StoreContext, body: z.output<typeof addMemberBody>): Promise<Member> {
  assertCanMailOthers(ctx, 'inviting team members');
  const role = await assignableRole(ctx, body.role_id);
  // A full team is refused before the mail allowance is used; the claim that counts is below.
  await ctx.db
    .transaction()
    .execute((trx) => claimPlanRoom(trx, ctx, { resource: 'members', storeId: ctx.storeId }));
  await consumeMailQuota(ctx, 'invitation', body.email);
  const token = randomToken(24);
  const now = ctx.now.toISOString();
  const membershipId = await ctx.db.transaction().execute(async (trx) => {
    // Counted under the store's lock, in the transaction that adds the seat (decision 0044).
    await claimPlanRoom(trx, ctx, { resource: 'members', storeId: ctx.storeId });
    const userId = await ensureInvitedUser(trx, body.email, now);
    const id = newId();
    const repo = membersRepository(trx, ctx.storeId);
    const added = await repo.addMembership({
      id,
      user_id: userId,
      role_id: role.id,
      status: 'invited',
      invited_by: ctx.actor.id,
      created_at: now,
      updated_at: now,
    });
    if (!added) {
      const held = await repo.findMembershipByUser(userId);
      throw held?.status === 'invited'
        ? conflict(`${body.email} is already invited. Send the invitation again from the team list.`, {
            email: 'Already invited',
          })
        : conflict(`${body.email} is already a member of this store.`, { email: 'Already a member' });
    }
    await repo.addInvitation(
      invitationRow(ctx, id, body.email, token, {
        first_name: body.first_name ?? null,
        last_name: body.last_name ?? null,
      }),
    );
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
  await ctx.db.transaction().execute(async (trx) => {
    const repo = membersRepository(trx, ctx.storeId);
    const previous = await repo.openInvitationNames(membershipId);
    await repo.deleteOpenInvitations(membershipId);
    await repo.addInvitation(
      invitationRow(ctx, membershipId, member.email, token, {
        first_name: previous?.first_name ?? null,
        last_name: previous?.last_name ?? null,
      }),
    );
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
    await membersRepository(trx, ctx.storeId).setMembershipRole(membershipId, role.id, ctx.now.toISOString());
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
    await membersRepository(trx, ctx.storeId).deleteMembership(membershipId);
    await leaveStoreInSessions(trx, member.user_id, ctx.storeId);
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
