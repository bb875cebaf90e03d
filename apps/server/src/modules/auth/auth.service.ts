import type {
  acceptInviteBody,
  businessInfoBody,
  businessNumberBody,
  signInBody,
  signUpBody,
  SignInData,
  User,
} from '@tillbook/contract/auth';
import { EMAIL_CODE_MAX_ATTEMPTS, EMAIL_CODE_TTL_MINUTES } from '@tillbook/contract/constants';
import type { StoreSummary } from '@tillbook/contract/stores';
import type { z } from 'zod';
import type { UsersTable } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { writeAudit } from '../../lib/audit.js';
import { addHours, addMinutes } from '../../lib/clock.js';
import type { RequestContext, StoreContext, UserContext } from '../../lib/context.js';
import { hmac, randomToken, sha256, sixDigitCode } from '../../lib/crypto.js';
import { newId } from '../../lib/ids.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords.js';
import type { Limit } from '../../lib/rate-limiter.js';
import { createStoreRecords } from '../stores/stores.service.js';
import { listUserStores, setSessionStore, toStore, updateStore } from '../stores/stores.repository.js';
import {
  consumeCode,
  findActiveCode,
  findActiveCodeByHash,
  findUserByEmail,
  findUserById,
  insertCode,
  insertSession,
  NO_PASSWORD,
  recordWrongCode,
  revokeSessions,
  toUser,
  updateUser,
  voidCodes,
} from './users.repository.js';

const FIFTEEN_MINUTES = 15 * 60_000;
const LIMITS = {
  signInPerIp: { max: 30, windowMs: FIFTEEN_MINUTES },
  signInFailuresPerAccount: { max: 5, windowMs: FIFTEEN_MINUTES },
  codePerIp: { max: 30, windowMs: FIFTEEN_MINUTES },
  codePerAccount: { max: 10, windowMs: FIFTEEN_MINUTES },
  mailPerIp: { max: 10, windowMs: FIFTEEN_MINUTES },
  mailPerAccount: { max: 5, windowMs: FIFTEEN_MINUTES },
  signUpPerIp: { max: 20, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;

/**
 * Answers that must not reveal whether an account exists (forgot-password, resend) take at
 * least this long, so the extra work done for a real account does not show in the timing.
 */
const UNIFORM_RESPONSE_MS = 250;
const RESET_TOKEN_TTL_MINUTES = 15;

async function uniformTiming<T>(started: number, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } finally {
    const left = UNIFORM_RESPONSE_MS - (Date.now() - started);
    if (left > 0) await new Promise((r) => setTimeout(r, left));
  }
}

const codeHash = (ctx: RequestContext, userId: string, purpose: string, code: string) =>
  hmac(ctx.deps.config.APP_SECRET, `${purpose}:${userId}:${code}`);

const appUrl = (ctx: RequestContext, path: string) =>
  `${ctx.deps.config.PUBLIC_URL ?? `http://localhost:${ctx.deps.config.PORT}`}${path}`;

/** Opens a session and builds the sign-in answer (`data.data` for the web app). */
async function openSession(
  ctx: RequestContext,
  user: UsersTable,
  preferredStoreId: string | null = null,
): Promise<SignInData> {
  const stores = await listUserStores(ctx.db, user.id, null);
  const current = stores.find((s) => s.id === preferredStoreId) ?? stores[0] ?? null;
  const token = randomToken(32);
  const expiresAt = addHours(ctx.now, ctx.deps.config.SESSION_TTL_HOURS);
  await ctx.db.transaction().execute(async (trx) => {
    await insertSession(trx, {
      userId: user.id,
      tokenHash: sha256(token),
      storeId: current?.id ?? null,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      now: ctx.now,
      expiresAt,
    });
    await writeAudit(
      trx,
      { ...ctx, actor: { type: 'user', id: user.id, name: `${user.first_name} ${user.last_name}` } },
      {
        storeId: current?.id ?? null,
        action: 'user.signed_in',
        entity: 'user',
        entityId: user.id,
        summary: `${user.email} signed in`,
      },
    );
  });
  const userStore: StoreSummary[] = stores.map((s) => ({ ...s, is_current: s.id === current?.id }));
  return {
    ...toUser(user),
    userToken: token,
    userStore,
    business_name: current?.business_name ?? user.business_name,
    store_id: current?.id ?? null,
    store_name: current?.business_name ?? null,
    expires_at: expiresAt.toISOString(),
  };
}

async function sendVerification(
  ctx: RequestContext,
  user: Pick<UsersTable, 'id' | 'email' | 'first_name'>,
): Promise<void> {
  const code = sixDigitCode();
  const linkToken = randomToken(24);
  const expiresAt = addMinutes(ctx.now, 24 * 60);
  await ctx.db.transaction().execute(async (trx) => {
    await voidCodes(trx, user.id, 'verify_email', ctx.now);
    await voidCodes(trx, user.id, 'verify_email_link', ctx.now);
    await insertCode(trx, {
      userId: user.id,
      purpose: 'verify_email',
      codeHash: codeHash(ctx, user.id, 'verify_email', code),
      now: ctx.now,
      expiresAt,
    });
    await insertCode(trx, {
      userId: user.id,
      purpose: 'verify_email_link',
      codeHash: sha256(linkToken),
      now: ctx.now,
      expiresAt,
    });
  });
  const link = appUrl(ctx, `/user/verify_email/${linkToken}`);
  await ctx.deps.mailer.send({
    to: user.email,
    subject: 'Verify your email for Tillbook',
    text: `Hello ${user.first_name},\n\nYour verification code is ${code}.\n\nOr open this link to verify your email address:\n${link}\n\nThe code and link expire in 24 hours.`,
  });
}

export async function signUp(ctx: RequestContext, body: z.output<typeof signUpBody>): Promise<SignInData> {
  await ctx.deps.rateLimiter.consume(
    `signup:ip:${ctx.ip}`,
    { ...LIMITS.signUpPerIp, max: ctx.deps.config.SIGNUP_MAX_PER_IP_HOUR },
    'sign-up attempts',
  );
  const existing = await findUserByEmail(ctx.db, body.email);
  // A person invited by email has a user row without a password: signing up completes it.
  if (existing && existing.password_hash !== NO_PASSWORD) {
    throw new AppError(
      'CONFLICT',
      'An account with this email already exists. Sign in or reset your password.',
      {
        fields: { email: 'An account with this email already exists' },
      },
    );
  }
  const passwordHash = await hashPassword(body.password);
  const now = ctx.now.toISOString();
  const values = {
    email: body.email,
    password_hash: passwordHash,
    first_name: body.first_name,
    last_name: body.last_name,
    phone_number: body.phone_number,
    country: body.country,
    business_name: body.business_name ?? null,
    updated_at: now,
  };
  const user = await ctx.db.transaction().execute(async (trx) => {
    const row = existing
      ? await updateUser(trx, existing.id, values)
      : await trx
          .insertInto('users')
          .values({
            ...values,
            id: newId(),
            email_verified_at: null,
            photo_url: null,
            website: null,
            billing_contact: null,
            created_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
    await writeAudit(
      trx,
      { ...ctx, actor: { type: 'user', id: row.id, name: `${row.first_name} ${row.last_name}` } },
      {
        storeId: null,
        action: 'user.signed_up',
        entity: 'user',
        entityId: row.id,
        summary: `${row.email} created an account`,
        after: toUser(row) as unknown as Record<string, unknown>,
      },
    );
    return row;
  });
  await sendVerification(ctx, user);
  return openSession(ctx, user);
}

export async function signIn(ctx: RequestContext, body: z.output<typeof signInBody>): Promise<SignInData> {
  const accountKey = `signin:account:${body.email}`;
  await ctx.deps.rateLimiter.consume(
    `signin:ip:${ctx.ip}`,
    { ...LIMITS.signInPerIp, max: ctx.deps.config.SIGNIN_MAX_PER_IP },
    'sign-in attempts from this network',
  );
  await ctx.deps.rateLimiter.check(
    accountKey,
    LIMITS.signInFailuresPerAccount,
    'failed sign-in attempts for this account',
  );
  const user = await findUserByEmail(ctx.db, body.email);
  const valid =
    user && user.password_hash !== NO_PASSWORD
      ? await verifyPassword(user.password_hash, body.password)
      : await verifyAgainstDummy(body.password);
  if (!user || !valid) {
    await ctx.deps.rateLimiter.consume(accountKey, {
      ...LIMITS.signInFailuresPerAccount,
      max: Number.MAX_SAFE_INTEGER,
    });
    throw new AppError('UNAUTHENTICATED', 'Email or password is incorrect.', {
      fields: { password: 'Email or password is incorrect' },
    });
  }
  await ctx.deps.rateLimiter.reset(accountKey);
  return openSession(ctx, user);
}

export async function signOut(ctx: UserContext): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('sessions')
      .set({ revoked_at: ctx.now.toISOString() })
      .where('id', '=', ctx.sessionId)
      .execute();
    await writeAudit(trx, ctx, {
      action: 'user.signed_out',
      entity: 'user',
      entityId: ctx.user.id,
      summary: `${ctx.user.email} signed out`,
    });
  });
}

async function markVerified(ctx: RequestContext, user: UsersTable, how: string): Promise<User> {
  if (user.email_verified_at) return toUser(user);
  const updated = await ctx.db.transaction().execute(async (trx) => {
    const row = await updateUser(trx, user.id, {
      email_verified_at: ctx.now.toISOString(),
      updated_at: ctx.now.toISOString(),
    });
    await voidCodes(trx, user.id, 'verify_email', ctx.now);
    await voidCodes(trx, user.id, 'verify_email_link', ctx.now);
    await writeAudit(
      trx,
      {
        ...ctx,
        actor: ctx.actor ?? { type: 'user', id: user.id, name: `${user.first_name} ${user.last_name}` },
      },
      {
        storeId: ctx.access?.store.id ?? null,
        action: 'user.email_verified',
        entity: 'user',
        entityId: user.id,
        summary: `${user.email} verified by ${how}`,
      },
    );
    return row;
  });
  return toUser(updated);
}

export async function verifyEmailLink(ctx: RequestContext, token: string): Promise<User> {
  await ctx.deps.rateLimiter.consume(
    `code:ip:${ctx.ip}`,
    { ...LIMITS.codePerIp, max: ctx.deps.config.CODE_MAX_PER_IP },
    'verification attempts',
  );
  const code = await findActiveCodeByHash(ctx.db, 'verify_email_link', sha256(token), ctx.now);
  if (!code) {
    throw new AppError(
      'UNPROCESSABLE',
      'This verification link is invalid or has expired. Request a new code.',
    );
  }
  const user = await findUserById(ctx.db, code.user_id);
  if (!user) throw notFound('Account');
  return markVerified(ctx, user, 'link');
}

/**
 * Checks a 6-digit code. Wrong tries are counted on the code, which is void after five; the
 * same message answers an unknown email, so codes cannot be used to find accounts.
 */
async function checkCode(
  ctx: RequestContext,
  email: string,
  code: string,
  purpose: 'verify_email' | 'reset_password',
) {
  await ctx.deps.rateLimiter.consume(
    `code:ip:${ctx.ip}`,
    { ...LIMITS.codePerIp, max: ctx.deps.config.CODE_MAX_PER_IP },
    'code attempts from this network',
  );
  await ctx.deps.rateLimiter.consume(
    `code:account:${email}`,
    LIMITS.codePerAccount,
    'code attempts for this account',
  );
  const user = await findUserByEmail(ctx.db, email);
  const active = user ? await findActiveCode(ctx.db, user.id, purpose, ctx.now) : undefined;
  if (!user || !active) {
    throw new AppError('UNPROCESSABLE', 'That code is not valid or has expired. Request a new code.', {
      fields: { code: 'Not valid or expired' },
    });
  }
  if (active.code_hash !== codeHash(ctx, user.id, purpose, code)) {
    const left = await recordWrongCode(ctx.db, active.id, EMAIL_CODE_MAX_ATTEMPTS, ctx.now);
    throw new AppError(
      'UNPROCESSABLE',
      left > 0
        ? `That code is not correct. ${left} ${left === 1 ? 'try' : 'tries'} left.`
        : 'That code is not correct and is now void. Request a new code.',
      { fields: { code: left > 0 ? 'Not correct' : 'Void: request a new code' } },
    );
  }
  const consumed = await consumeCode(ctx.db, active.id, ctx.now);
  if (Number(consumed.numUpdatedRows) !== 1) {
    throw new AppError('UNPROCESSABLE', 'That code was already used. Request a new code.', {
      fields: { code: 'Already used' },
    });
  }
  return user;
}

export async function verifyEmailCode(ctx: RequestContext, email: string, code: string): Promise<User> {
  const user = await checkCode(ctx, email, code, 'verify_email');
  return markVerified(ctx, user, 'code');
}

export async function resendVerification(ctx: RequestContext, email: string): Promise<void> {
  const started = Date.now();
  await ctx.deps.rateLimiter.consume(
    `mail:ip:${ctx.ip}`,
    LIMITS.mailPerIp,
    'email requests from this network',
  );
  await uniformTiming(started, async () => {
    const user = await findUserByEmail(ctx.db, email);
    if (!user || user.email_verified_at || user.password_hash === NO_PASSWORD) return;
    await ctx.deps.rateLimiter.consume(
      `mail:account:${email}`,
      LIMITS.mailPerAccount,
      'email requests for this account',
    );
    await sendVerification(ctx, user);
  });
}

export async function forgotPassword(ctx: RequestContext, email: string): Promise<void> {
  const started = Date.now();
  await ctx.deps.rateLimiter.consume(
    `mail:ip:${ctx.ip}`,
    LIMITS.mailPerIp,
    'email requests from this network',
  );
  await uniformTiming(started, async () => {
    const user = await findUserByEmail(ctx.db, email);
    if (!user) return;
    // Past the per-account limit the answer stays the same; the mail is just not sent again.
    try {
      await ctx.deps.rateLimiter.consume(`mail:account:${email}`, LIMITS.mailPerAccount);
    } catch {
      return;
    }
    const code = sixDigitCode();
    await ctx.db.transaction().execute(async (trx) => {
      await voidCodes(trx, user.id, 'reset_password', ctx.now);
      await insertCode(trx, {
        userId: user.id,
        purpose: 'reset_password',
        codeHash: codeHash(ctx, user.id, 'reset_password', code),
        now: ctx.now,
        expiresAt: addMinutes(ctx.now, EMAIL_CODE_TTL_MINUTES),
      });
    });
    await ctx.deps.mailer.send({
      to: user.email,
      subject: 'Your Tillbook password reset code',
      text: `Hello ${user.first_name},\n\nYour password reset code is ${code}. It expires in ${EMAIL_CODE_TTL_MINUTES} minutes.\n\nIf you did not ask to reset your password, ignore this email; your password stays the same.`,
    });
  });
}

export async function verifyResetCode(
  ctx: RequestContext,
  email: string,
  code: string,
): Promise<{ reset_id: string; expires_at: string }> {
  const user = await checkCode(ctx, email, code, 'reset_password');
  const resetId = randomToken(24);
  const expiresAt = addMinutes(ctx.now, RESET_TOKEN_TTL_MINUTES);
  await ctx.db.transaction().execute(async (trx) => {
    await voidCodes(trx, user.id, 'reset_token', ctx.now);
    await insertCode(trx, {
      userId: user.id,
      purpose: 'reset_token',
      codeHash: sha256(resetId),
      now: ctx.now,
      expiresAt,
    });
  });
  return { reset_id: resetId, expires_at: expiresAt.toISOString() };
}

export async function resetPassword(ctx: RequestContext, resetId: string, password: string): Promise<void> {
  await ctx.deps.rateLimiter.consume(
    `code:ip:${ctx.ip}`,
    { ...LIMITS.codePerIp, max: ctx.deps.config.CODE_MAX_PER_IP },
    'reset attempts from this network',
  );
  const token = await findActiveCodeByHash(ctx.db, 'reset_token', sha256(resetId), ctx.now);
  if (!token) {
    throw new AppError('UNPROCESSABLE', 'This reset link is invalid or has expired. Ask for a new code.');
  }
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction().execute(async (trx) => {
    const consumed = await consumeCode(trx, token.id, ctx.now);
    if (Number(consumed.numUpdatedRows) !== 1)
      throw new AppError('UNPROCESSABLE', 'This reset link was already used.');
    const user = await updateUser(trx, token.user_id, {
      password_hash: passwordHash,
      updated_at: ctx.now.toISOString(),
    });
    if (!user.email_verified_at) await updateUser(trx, user.id, { email_verified_at: ctx.now.toISOString() });
    const ended = await revokeSessions(trx, user.id, ctx.now);
    await writeAudit(
      trx,
      { ...ctx, actor: { type: 'user', id: user.id, name: `${user.first_name} ${user.last_name}` } },
      {
        storeId: null,
        action: 'user.password_reset',
        entity: 'user',
        entityId: user.id,
        summary: `${user.email} reset their password; ${ended} session(s) ended`,
      },
    );
  });
  await ctx.deps.rateLimiter.reset(
    `signin:account:${(await findUserById(ctx.db, token.user_id))?.email ?? ''}`,
  );
}

export async function businessInfo(
  ctx: UserContext,
  userId: string,
  body: z.output<typeof businessInfoBody>,
): Promise<{ user: User; store: ReturnType<typeof toStore>; userStore: StoreSummary[] }> {
  if (userId !== ctx.user.id) throw notFound('User');
  const result = await ctx.db.transaction().execute(async (trx) => {
    const user = await updateUser(trx, ctx.user.id, {
      business_name: body.business_name,
      updated_at: ctx.now.toISOString(),
    });
    const existing = ctx.access;
    if (existing && existing.store.owner_user_id === ctx.user.id) {
      // Onboarding sent twice: the answer updates the store it created the first time.
      const updated = await updateStore(trx, existing.store.id, {
        ...body,
        updated_at: ctx.now.toISOString(),
      });
      await writeAudit(trx, ctx, {
        action: 'store.details_updated',
        entity: 'store',
        entityId: updated.id,
        summary: 'Business information updated',
        before: toStore(existing.store) as unknown as Record<string, unknown>,
        after: toStore(updated) as unknown as Record<string, unknown>,
      });
      return { user, store: updated };
    }
    const store = await createStoreRecords(trx, ctx, body, { userId: ctx.user.id, parentStoreId: null });
    await setSessionStore(trx, ctx.sessionId, store.id);
    return { user, store };
  });
  return {
    user: toUser(result.user),
    store: toStore(result.store),
    userStore: await listUserStores(ctx.db, ctx.user.id, result.store.id),
  };
}

export async function businessNumber(
  ctx: StoreContext,
  userId: string,
  body: z.output<typeof businessNumberBody>,
) {
  if (userId !== ctx.actor.id) throw notFound('User');
  const before = ctx.access.store;
  const updated = await ctx.db.transaction().execute(async (trx) => {
    const row = await updateStore(trx, ctx.storeId, { ...body, updated_at: ctx.now.toISOString() });
    await writeAudit(trx, ctx, {
      action: 'store.details_updated',
      entity: 'store',
      entityId: ctx.storeId,
      summary: 'Business registration numbers updated',
      before: toStore(before) as unknown as Record<string, unknown>,
      after: toStore(row) as unknown as Record<string, unknown>,
    });
    return row;
  });
  return toStore(updated);
}

export async function invitationDetails(ctx: RequestContext, token: string) {
  const row = await ctx.db
    .selectFrom('invitations as i')
    .innerJoin('stores as s', 's.id', 'i.store_id')
    .innerJoin('memberships as m', 'm.id', 'i.membership_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .select([
      'i.email',
      'i.expires_at',
      'i.accepted_at',
      's.business_name',
      'r.name as role_name',
      'u.first_name',
      'u.last_name',
      'u.password_hash',
    ])
    .where('i.token_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!row || row.accepted_at)
    throw new AppError('NOT_FOUND', 'This invitation is not valid or was already accepted.');
  if (row.expires_at <= ctx.now.toISOString()) {
    throw new AppError(
      'UNPROCESSABLE',
      'This invitation has expired. Ask the store owner to send a new one.',
    );
  }
  return {
    email: row.email,
    business_name: row.business_name,
    role: row.role_name,
    first_name: row.first_name || null,
    last_name: row.last_name || null,
    has_account: row.password_hash !== NO_PASSWORD,
    expires_at: row.expires_at,
  };
}

export async function acceptInvite(
  ctx: RequestContext,
  body: z.output<typeof acceptInviteBody>,
): Promise<SignInData> {
  await ctx.deps.rateLimiter.consume(
    `code:ip:${ctx.ip}`,
    { ...LIMITS.codePerIp, max: ctx.deps.config.CODE_MAX_PER_IP },
    'invitation attempts from this network',
  );
  const invitation = await ctx.db
    .selectFrom('invitations')
    .selectAll()
    .where('token_hash', '=', sha256(body.token))
    .executeTakeFirst();
  if (!invitation || invitation.accepted_at) {
    throw new AppError('NOT_FOUND', 'This invitation is not valid or was already accepted.');
  }
  if (invitation.expires_at <= ctx.now.toISOString()) {
    throw new AppError(
      'UNPROCESSABLE',
      'This invitation has expired. Ask the store owner to send a new one.',
    );
  }
  const passwordHash = await hashPassword(body.password);
  const user = await ctx.db.transaction().execute(async (trx) => {
    const membership = await trx
      .selectFrom('memberships')
      .selectAll()
      .where('id', '=', invitation.membership_id)
      .executeTakeFirstOrThrow();
    const current = await findUserById(trx, membership.user_id);
    if (!current) throw notFound('Account');
    const now = ctx.now.toISOString();
    const updated = await updateUser(trx, current.id, {
      password_hash: passwordHash,
      first_name: body.first_name ?? current.first_name,
      last_name: body.last_name ?? current.last_name,
      email_verified_at: current.email_verified_at ?? now,
      updated_at: now,
    });
    await trx
      .updateTable('memberships')
      .set({ status: 'active', updated_at: now })
      .where('id', '=', membership.id)
      .execute();
    await trx.updateTable('invitations').set({ accepted_at: now }).where('id', '=', invitation.id).execute();
    if (current.password_hash !== NO_PASSWORD) await revokeSessions(trx, current.id, ctx.now);
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
  return openSession(ctx, user, invitation.store_id);
}
