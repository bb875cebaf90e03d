import type { acceptInviteBody, SignInData } from '@tillbook/contract/auth';
import { passwordSchema } from '@tillbook/contract/common';
import type { z } from 'zod';
import type { UsersTable } from '../../db/schema.js';
import { AppError, badRequest } from '../../lib/app-error.js';
import { writeAudit } from '../../lib/audit.js';
import type { RequestContext } from '../../lib/context.js';
import { sha256 } from '../../lib/crypto.js';
import { hashPassword } from '../../lib/passwords.js';
import { claimPlanRoom } from '../../lib/plan-limits.js';
import {
  activateMembership,
  findInvitation,
  findInvitedMembership,
  invitationDetailsByToken,
  takeInvitation,
} from '../members/members.public.js';
import { findUserById, NO_PASSWORD, revokeSessions, updateUser } from '../users/users.public.js';
import { codePerIp } from './auth-limits.js';
import { voidCodes } from './codes.repository.js';
import { checkPassword, openSession } from './sign-in.service.js';

/** Invitations as the invited person opens and accepts them (the store's side is in members). */

/**
 * An account someone has shown they own: it has a password and a verified email. Any other
 * account for the invited email (a row made by an invitation, or a sign-up nobody verified) is
 * claimed by whoever opens the emailed link, which proves the mailbox (decision 0020).
 */
const isEstablished = (user: Pick<UsersTable, 'password_hash' | 'email_verified_at'>) =>
  user.password_hash !== NO_PASSWORD && user.email_verified_at !== null;

export async function invitationDetails(ctx: RequestContext, token: string) {
  const row = await invitationDetailsByToken(ctx.db, sha256(token));
  if (!row || row.accepted_at)
    throw new AppError('NOT_FOUND', 'This invitation is not valid or was already accepted.');
  if (row.expires_at <= ctx.now.toISOString()) {
    throw new AppError(
      'UNPROCESSABLE',
      'This invitation has expired. Ask the store owner to send a new one.',
    );
  }
  const established = isEstablished(row);
  // The token is only in the invited person's mailbox, so showing them their own names is fine.
  return {
    email: row.email,
    business_name: row.business_name,
    role: row.role_name,
    first_name: row.invited_first_name ?? (established ? row.first_name : null) ?? null,
    last_name: row.invited_last_name ?? (established ? row.last_name : null) ?? null,
    has_account: established,
    expires_at: row.expires_at,
  };
}

/**
 * Joins the store of an invitation. The token proves the invited mailbox, so accepting verifies
 * the email. An established account accepts signed in as itself, or with its password (checked
 * under the sign-in slow-down; the password stays as it was). Any other account for the email
 * is claimed: the password given becomes its password and whoever held it before is signed out.
 */
export async function acceptInvite(
  ctx: RequestContext,
  body: z.output<typeof acceptInviteBody>,
  device: { id: string; sent: boolean },
): Promise<SignInData> {
  await ctx.deps.rateLimiter.consume(
    `code:ip:${ctx.ip}`,
    codePerIp(ctx),
    'invitation attempts from this network',
  );
  const invitation = await findInvitation(ctx.db, sha256(body.token));
  if (!invitation || invitation.accepted_at) {
    throw new AppError('NOT_FOUND', 'This invitation is not valid or was already accepted.');
  }
  if (invitation.expires_at <= ctx.now.toISOString()) {
    throw new AppError(
      'UNPROCESSABLE',
      'This invitation has expired. Ask the store owner to send a new one.',
    );
  }
  const membership = await findInvitedMembership(ctx.db, invitation);
  const account = membership ? await findUserById(ctx.db, membership.user_id) : undefined;
  if (!membership || !account) {
    throw new AppError('NOT_FOUND', 'This invitation is not valid or was already accepted.');
  }
  const signedIn = ctx.user?.id === account.id;
  let newPasswordHash: string | null = null;
  if (!isEstablished(account) && (body.password || !signedIn)) {
    // Claiming: the password given becomes the account's (signed in or not).
    const chosen = passwordSchema.safeParse(body.password);
    if (!chosen.success) {
      const message = body.password ? chosen.error.issues[0]!.message : 'Choose a password';
      throw badRequest(`${message}.`, { password: message });
    }
    newPasswordHash = await hashPassword(chosen.data);
  } else if (!signedIn) {
    if (!body.password) {
      throw badRequest('Enter your password to accept the invitation.', {
        password: 'Enter your password to accept',
      });
    }
    await checkPassword(ctx, account.email, account, body.password, device);
  }
  const now = ctx.now.toISOString();
  const user = await ctx.db.transaction().execute(async (trx) => {
    // Accepted once: of two tries with the same link, the second finds it taken.
    if (!(await takeInvitation(trx, invitation, now))) {
      throw new AppError('NOT_FOUND', 'This invitation is not valid or was already accepted.');
    }
    // The plan is checked again: it may have ended since the invitation was sent (decision 0044).
    await claimPlanRoom(trx, ctx, { resource: 'members', storeId: invitation.store_id, joining: true });
    const updated = await updateUser(trx, account.id, {
      ...(newPasswordHash
        ? {
            password_hash: newPasswordHash,
            first_name: body.first_name ?? invitation.first_name ?? account.first_name,
            last_name: body.last_name ?? invitation.last_name ?? account.last_name,
          }
        : {}),
      email_verified_at: account.email_verified_at ?? now,
      updated_at: now,
    });
    if (!account.email_verified_at) {
      await voidCodes(trx, account.id, 'verify_email', ctx.now);
      await voidCodes(trx, account.id, 'verify_email_link', ctx.now);
    }
    await activateMembership(trx, invitation.store_id, membership.id, now);
    // A claimed account may have been signed up by someone else: their sessions end here.
    if (newPasswordHash && account.password_hash !== NO_PASSWORD)
      await revokeSessions(trx, account.id, ctx.now);
    await writeAudit(
      trx,
      {
        ...ctx,
        actor: { type: 'user', id: updated.id, name: `${updated.first_name} ${updated.last_name}`.trim() },
      },
      {
        storeId: invitation.store_id,
        action: 'member.joined',
        entity: 'member',
        entityId: membership.id,
        summary: `${updated.email} accepted the invitation`,
      },
    );
    return updated;
  });
  return openSession(ctx, user, device.id, invitation.store_id);
}
