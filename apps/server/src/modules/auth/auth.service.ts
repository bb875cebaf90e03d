import type {
  acceptInviteBody,
  businessInfoBody,
  businessNumberBody,
  signInBody,
  signUpBody,
  SignInData,
  User,
} from '@tillbook/contract/auth';
import { passwordSchema } from '@tillbook/contract/common';
import { EMAIL_CODE_MAX_ATTEMPTS, EMAIL_CODE_TTL_MINUTES } from '@tillbook/contract/constants';
import type { StoreSummary } from '@tillbook/contract/stores';
import type { z } from 'zod';
import type { UsersTable } from '../../db/schema.js';
import { AppError, badRequest, notFound } from '../../lib/app-error.js';
import { writeAudit } from '../../lib/audit.js';
import { addHours, addMinutes } from '../../lib/clock.js';
import type { RequestContext, StoreContext, UserContext } from '../../lib/context.js';
import { hmac, randomToken, sha256, sixDigitCode } from '../../lib/crypto.js';
import { newId } from '../../lib/ids.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords.js';
import type { Limit } from '../../lib/rate-limiter.js';
import {
  assertSignInAllowed,
  clearAccountFailures,
  clearAddressFailures,
  recordSignInFailure,
  signInKeys,
} from './sign-in-throttle.js';
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

/** Sign-in attempts from one address (any account), from the configuration. */
const signInPerIp = (ctx: RequestContext): Limit => ({
  max: ctx.deps.config.SIGNIN_MAX_PER_IP_15MIN,
  windowMs: FIFTEEN_MINUTES,
});

/** Code, link and invitation checks from one address, from the configuration. */
const codePerIp = (ctx: RequestContext): Limit => ({
  max: ctx.deps.config.CODE_CHECKS_MAX_PER_IP_15MIN,
  windowMs: FIFTEEN_MINUTES,
});
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
  device: string,
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
      deviceHash: sha256(device),
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

export async function signUp(
  ctx: RequestContext,
  body: z.output<typeof signUpBody>,
  device: string,
): Promise<SignInData> {
  await ctx.deps.rateLimiter.consume(
    `signup:ip:${ctx.ip}`,
    { ...LIMITS.signUpPerIp, max: ctx.deps.config.SIGNUP_MAX_PER_IP_HOUR },
    'sign-up attempts',
  );
  // Hashed before the email is looked up, whatever it finds: a taken email costs the same
  // argon2 work as a new one, so the answer's timing does not tell them apart (decision 0020).
  const passwordHash = await hashPassword(body.password);
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
  return openSession(ctx, user, device);
}

/**
 * A device or address the account signed in from before (any session, even an ended one):
 * the owner there is not slowed by strangers' wrong guesses (decision 0021).
 */
async function isKnownDevice(ctx: RequestContext, userId: string, device: string | null): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where((eb) => {
      const known = [];
      if (device) known.push(eb('device_hash', '=', sha256(device)));
      if (ctx.ip) known.push(eb('ip', '=', ctx.ip));
      return known.length ? eb.or(known) : eb.lit(false);
    })
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Checks a password under the sign-in slow-down: 429 while this try must wait, 401 for a wrong
 * password (counted) or an unknown email (the same answer and the same argon2 work).
 */
async function checkPassword(
  ctx: RequestContext,
  email: string,
  user: UsersTable | undefined,
  password: string,
  device: { id: string; sent: boolean },
): Promise<UsersTable> {
  const keys = signInKeys(email, ctx.ip);
  await assertSignInAllowed(ctx, keys, () =>
    user ? isKnownDevice(ctx, user.id, device.sent ? device.id : null) : Promise.resolve(false),
  );
  const valid =
    user && user.password_hash !== NO_PASSWORD
      ? await verifyPassword(user.password_hash, password)
      : await verifyAgainstDummy(password);
  if (!user || !valid) {
    await recordSignInFailure(ctx, keys);
    throw new AppError('UNAUTHENTICATED', 'Email or password is incorrect.', {
      fields: { password: 'Email or password is incorrect' },
    });
  }
  await clearAddressFailures(ctx, keys);
  return user;
}

export async function signIn(
  ctx: RequestContext,
  body: z.output<typeof signInBody>,
  device: { id: string; sent: boolean },
): Promise<SignInData> {
  await ctx.deps.rateLimiter.consume(
    `signin:ip:${ctx.ip}`,
    signInPerIp(ctx),
    'sign-in attempts from this network',
  );
  const user = await checkPassword(
    ctx,
    body.email,
    await findUserByEmail(ctx.db, body.email),
    body.password,
    device,
  );
  return openSession(ctx, user, device.id);
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
  await ctx.deps.rateLimiter.consume(`code:ip:${ctx.ip}`, codePerIp(ctx), 'verification attempts');
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
  await ctx.deps.rateLimiter.consume(`code:ip:${ctx.ip}`, codePerIp(ctx), 'code attempts from this network');
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
  await ctx.deps.rateLimiter.consume(`code:ip:${ctx.ip}`, codePerIp(ctx), 'reset attempts from this network');
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
  const user = await findUserById(ctx.db, token.user_id);
  if (user) await clearAccountFailures(ctx, user.email);
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

/**
 * An account someone has shown they own: it has a password and a verified email. Any other
 * account for the invited email (a row made by an invitation, or a sign-up nobody verified) is
 * claimed by whoever opens the emailed link, which proves the mailbox (decision 0020).
 */
const isEstablished = (user: Pick<UsersTable, 'password_hash' | 'email_verified_at'>) =>
  user.password_hash !== NO_PASSWORD && user.email_verified_at !== null;

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
      'i.first_name as invited_first_name',
      'i.last_name as invited_last_name',
      's.business_name',
      'r.name as role_name',
      'u.first_name',
      'u.last_name',
      'u.password_hash',
      'u.email_verified_at',
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
  const membership = await ctx.db
    .selectFrom('memberships')
    .select(['id', 'user_id'])
    .where('store_id', '=', invitation.store_id)
    .where('id', '=', invitation.membership_id)
    .executeTakeFirst();
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
    const taken = await trx
      .updateTable('invitations')
      .set({ accepted_at: now })
      .where('id', '=', invitation.id)
      .where('accepted_at', 'is', null)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) {
      throw new AppError('NOT_FOUND', 'This invitation is not valid or was already accepted.');
    }
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
    await trx
      .updateTable('memberships')
      .set({ status: 'active', updated_at: now })
      .where('store_id', '=', invitation.store_id)
      .where('id', '=', membership.id)
      .execute();
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
