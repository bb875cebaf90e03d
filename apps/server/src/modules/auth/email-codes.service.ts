import type { User } from '@tillbook/contract/auth';
import { EMAIL_CODE_MAX_ATTEMPTS, EMAIL_CODE_TTL_MINUTES } from '@tillbook/contract/constants';
import { rowsChanged } from '../../db/results.js';
import type { UsersTable } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { writeAudit } from '../../lib/audit.js';
import { addMinutes } from '../../lib/clock.js';
import type { RequestContext } from '../../lib/context.js';
import { hmac, randomToken, sha256, sixDigitCode } from '../../lib/crypto.js';
import { hashPassword } from '../../lib/passwords.js';
import {
  findUserByEmail,
  findUserById,
  NO_PASSWORD,
  revokeSessions,
  toUser,
  updateUser,
} from '../users/users.public.js';
import { codePerIp, LIMITS } from './auth-limits.js';
import {
  consumeCode,
  findActiveCode,
  findActiveCodeByHash,
  recordWrongCode,
  replaceCode,
  voidCodes,
} from './codes.repository.js';
import { clearAccountFailures } from './sign-in-throttle.js';

/** Email verification and password reset: the codes and links mailed to an account. */

/**
 * Answers that must not reveal whether an account exists (forgot-password, resend, codes) take at
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

export async function sendVerification(
  ctx: RequestContext,
  user: Pick<UsersTable, 'id' | 'email' | 'first_name'>,
): Promise<void> {
  const code = sixDigitCode();
  const linkToken = randomToken(24);
  const expiresAt = addMinutes(ctx.now, 24 * 60);
  await ctx.db.transaction().execute(async (trx) => {
    await replaceCode(trx, {
      userId: user.id,
      purpose: 'verify_email',
      codeHash: codeHash(ctx, user.id, 'verify_email', code),
      now: ctx.now,
      expiresAt,
    });
    await replaceCode(trx, {
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

/** The one answer to a code that does not verify, whatever the reason (see `checkCode`). */
const codeNotAccepted = () =>
  new AppError(
    'UNPROCESSABLE',
    'That code is not correct or has expired. Check the newest email from us, or request a new code.',
    { fields: { code: 'Not correct or expired' } },
  );

/**
 * Checks a 6-digit code. Wrong tries are counted on the code, which is void after five. An
 * unknown email, an account with no code waiting, a wrong code and a code just made void get the
 * same answer, in at least the same time (decision 0047): otherwise asking for a reset code
 * (answered alike for every email) and then trying any code told whether the email had an account.
 */
async function checkCode(
  ctx: RequestContext,
  email: string,
  code: string,
  purpose: 'verify_email' | 'reset_password',
) {
  const started = Date.now();
  await ctx.deps.rateLimiter.consume(`code:ip:${ctx.ip}`, codePerIp(ctx), 'code attempts from this network');
  await ctx.deps.rateLimiter.consume(
    `code:account:${email}`,
    LIMITS.codePerAccount,
    'code attempts for this account',
  );
  return uniformTiming(started, async () => {
    const user = await findUserByEmail(ctx.db, email);
    const active = user ? await findActiveCode(ctx.db, user.id, purpose, ctx.now) : undefined;
    if (!user || !active) throw codeNotAccepted();
    if (active.code_hash !== codeHash(ctx, user.id, purpose, code)) {
      await recordWrongCode(ctx.db, active.id, EMAIL_CODE_MAX_ATTEMPTS, ctx.now);
      throw codeNotAccepted();
    }
    const consumed = await consumeCode(ctx.db, active.id, ctx.now);
    if (rowsChanged(consumed) !== 1) {
      throw new AppError('UNPROCESSABLE', 'That code was already used. Request a new code.', {
        fields: { code: 'Already used' },
      });
    }
    return user;
  });
}

export async function verifyEmailCode(ctx: RequestContext, email: string, code: string): Promise<User> {
  const user = await checkCode(ctx, email, code, 'verify_email');
  return markVerified(ctx, user, 'code');
}

/**
 * A request for a mail about an email address: limited per network, then answered in the same
 * time whether or not the address has an account; `work` gets the account, if any.
 */
async function mailRequest(
  ctx: RequestContext,
  email: string,
  work: (user: UsersTable | undefined) => Promise<void>,
): Promise<void> {
  const started = Date.now();
  await ctx.deps.rateLimiter.consume(
    `mail:ip:${ctx.ip}`,
    LIMITS.mailPerIp,
    'email requests from this network',
  );
  await uniformTiming(started, async () => work(await findUserByEmail(ctx.db, email)));
}

export async function resendVerification(ctx: RequestContext, email: string): Promise<void> {
  await mailRequest(ctx, email, async (user) => {
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
  await mailRequest(ctx, email, async (user) => {
    if (!user) return;
    // Past the per-account limit the answer stays the same; the mail is just not sent again.
    try {
      await ctx.deps.rateLimiter.consume(`mail:account:${email}`, LIMITS.mailPerAccount);
    } catch {
      return;
    }
    const code = sixDigitCode();
    await ctx.db.transaction().execute(async (trx) => {
      await replaceCode(trx, {
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
    await replaceCode(trx, {
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
    if (rowsChanged(consumed) !== 1) throw new AppError('UNPROCESSABLE', 'This reset link was already used.');
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
