import type { User } from '@tillbook/contract/auth';
import type {
  billingContactBody,
  CurrentUser,
  updatePasswordBody,
  updateUserDetailsBody,
} from '@tillbook/contract/users';
import type { analyticsEventBody } from '@tillbook/contract/users';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { UsersTable } from '../../db/schema.js';
import { NO_STORE } from '../../db/distribution.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { writeAudit } from '../../lib/audit.js';
import type { UserContext } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { readImageUpload } from '../../lib/uploads.js';
import { listUserStores } from '../stores/stores.public.js';
import {
  findUserById,
  insertAnalyticsEvent,
  revokeSessions,
  toUser,
  updateUser,
} from './users.repository.js';

async function loadUser(ctx: UserContext): Promise<UsersTable> {
  const user = await findUserById(ctx.db, ctx.user.id);
  if (!user) throw notFound('User');
  return user;
}

export async function currentUser(ctx: UserContext): Promise<CurrentUser> {
  const [user, stores] = await Promise.all([
    loadUser(ctx),
    listUserStores(ctx.db, ctx.user.id, ctx.access?.store.id ?? null),
  ]);
  const store = stores.find((s) => s.is_current) ?? null;
  return { user: toUser(user), store, stores, permissions: store?.permissions ?? [] };
}

async function changeUser(
  ctx: UserContext,
  values: Partial<UsersTable>,
  action: string,
  summary: string,
): Promise<User> {
  const before = await loadUser(ctx);
  const after = await ctx.db.transaction().execute(async (trx) => {
    const row = await updateUser(trx, ctx.user.id, { ...values, updated_at: ctx.now.toISOString() });
    await writeAudit(trx, ctx, {
      action,
      entity: 'user',
      entityId: ctx.user.id,
      summary,
      before: toUser(before),
      after: toUser(row),
    });
    return row;
  });
  return toUser(after);
}

export const updateDetails = (ctx: UserContext, body: z.output<typeof updateUserDetailsBody>) =>
  changeUser(ctx, body, 'user.updated', 'Profile updated');

export const updateWebsite = (ctx: UserContext, website: string) =>
  changeUser(ctx, { website: website || null }, 'user.updated', 'Website updated');

export const updateBillingContact = (ctx: UserContext, body: z.output<typeof billingContactBody>) =>
  changeUser(ctx, { billing_contact: JSON.stringify(body) }, 'user.updated', 'Billing contact updated');

export async function uploadPhoto(ctx: UserContext, request: FastifyRequest): Promise<User> {
  const url = await readImageUpload(ctx, request);
  return changeUser(ctx, { photo_url: url }, 'user.photo_updated', 'Profile photo uploaded');
}

/** Changes the password; every other session of the user ends, this one stays. */
export async function updatePassword(
  ctx: UserContext,
  body: z.output<typeof updatePasswordBody>,
): Promise<{ sessions_ended: number }> {
  await ctx.deps.rateLimiter.consume(
    `password:account:${ctx.user.id}`,
    { max: 10, windowMs: 15 * 60_000 },
    'password change attempts',
  );
  const user = await loadUser(ctx);
  if (!(await verifyPassword(user.password_hash, body.current_password))) {
    throw new AppError('UNPROCESSABLE', 'The current password is not correct.', {
      fields: { current_password: 'Not correct' },
    });
  }
  const passwordHash = await hashPassword(body.password);
  const ended = await ctx.db.transaction().execute(async (trx) => {
    await updateUser(trx, ctx.user.id, { password_hash: passwordHash, updated_at: ctx.now.toISOString() });
    const count = await revokeSessions(trx, ctx.user.id, ctx.now, ctx.sessionId);
    await writeAudit(trx, ctx, {
      action: 'user.password_changed',
      entity: 'user',
      entityId: ctx.user.id,
      summary: `Password changed; ${count} other session(s) ended`,
    });
    return count;
  });
  return { sessions_ended: ended };
}

/**
 * Stores an analytics event. Events are small (the route's 8 KB body limit and the schema's),
 * and each account may send a few a minute and a few hundred a day: the counters live in the
 * database, so the cap holds however many API processes share it.
 */
export async function trackEvent(
  ctx: UserContext,
  body: z.output<typeof analyticsEventBody>,
): Promise<{ id: string }> {
  const { ANALYTICS_EVENTS_PER_MINUTE: perMinute, ANALYTICS_EVENTS_PER_DAY: perDay } = ctx.deps.config;
  await ctx.deps.rateLimiter.consume(
    `events:minute:${ctx.user.id}`,
    { max: perMinute, windowMs: 60_000 },
    'analytics events',
  );
  await ctx.deps.rateLimiter.consume(
    `events:day:${ctx.user.id}`,
    { max: perDay, windowMs: 24 * 60 * 60_000 },
    'analytics events today',
  );
  const id = newId();
  await insertAnalyticsEvent(ctx.db, {
    id,
    user_id: ctx.user.id,
    store_id: ctx.access?.store.id ?? NO_STORE,
    name: body.name,
    properties: body.properties ? JSON.stringify(body.properties) : null,
    created_at: ctx.now.toISOString(),
  });
  return { id };
}
