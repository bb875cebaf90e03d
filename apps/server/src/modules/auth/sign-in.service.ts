import type { signInBody, signUpBody, SignInData } from '@tillbook/contract/auth';
import type { StoreSummary } from '@tillbook/contract/stores';
import type { z } from 'zod';
import type { UsersTable } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { writeAudit } from '../../lib/audit.js';
import { addHours } from '../../lib/clock.js';
import type { RequestContext, UserContext } from '../../lib/context.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { newId } from '../../lib/ids.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords.js';
import { listUserStores } from '../stores/stores.public.js';
import {
  endSession,
  findUserByEmail,
  insertSession,
  insertUser,
  NO_PASSWORD,
  signedInBefore,
  toUser,
  updateUser,
} from '../users/users.public.js';
import { LIMITS, signInPerIp } from './auth-limits.js';
import { sendVerification } from './email-codes.service.js';
import {
  assertSignInAllowed,
  clearAddressFailures,
  recordSignInFailure,
  signInKeys,
} from './sign-in-throttle.js';

/** Opens a session and builds the sign-in answer (`data.data` for the web app). */
export async function openSession(
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
      : await insertUser(trx, {
          ...values,
          id: newId(),
          email_verified_at: null,
          photo_url: null,
          website: null,
          billing_contact: null,
          created_at: now,
        });
    await writeAudit(
      trx,
      { ...ctx, actor: { type: 'user', id: row.id, name: `${row.first_name} ${row.last_name}` } },
      {
        storeId: null,
        action: 'user.signed_up',
        entity: 'user',
        entityId: row.id,
        summary: `${row.email} created an account`,
        after: toUser(row),
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
  return signedInBefore(ctx.db, userId, { deviceHash: device ? sha256(device) : null, ip: ctx.ip });
}

/**
 * Checks a password under the sign-in slow-down: 429 while this try must wait, 401 for a wrong
 * password (counted) or an unknown email (the same answer and the same argon2 work).
 */
export async function checkPassword(
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
    await endSession(trx, ctx.sessionId, ctx.now);
    await writeAudit(trx, ctx, {
      action: 'user.signed_out',
      entity: 'user',
      entityId: ctx.user.id,
      summary: `${ctx.user.email} signed out`,
    });
  });
}
