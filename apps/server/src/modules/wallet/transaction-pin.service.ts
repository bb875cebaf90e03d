import type { setTransactionPinBody, TransactionPinStatus } from '@tillbook/contract/wallet';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { AppError, unprocessable } from '../../lib/app-error.js';
import { writeAudit } from '../../lib/audit.js';
import type { RequestContext, UserContext } from '../../lib/context.js';
import type { Limit } from '../../lib/rate-limiter.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { userPasswordHash } from './wallet-user-password.queries.js';
import { saveTransactionPin, transactionPin } from './wallet.repository.js';

/** A transfer, and setting a transaction PIN, ask for the user's password again. */
async function passwordMatches(db: Kysely<Database>, userId: string, password: string): Promise<boolean> {
  const hash = await userPasswordHash(db, userId);
  return hash !== undefined ? verifyPassword(hash, password) : false;
}

/**
 * Wrong PINs and wrong passwords given to confirm a transfer are counted apart, per person
 * (decision 0038, addendum), so someone at the counter typing wrong PINs on the owner's session
 * never keeps the owner's password from working:
 *
 * - PIN: five tries in 15 minutes, then the PIN (only the PIN) is locked for the rest of those
 *   15 minutes; ten wrong PINs in a day lock it for the rest of that day. A 4-digit PIN has
 *   10,000 values, so the count, not the hash, keeps it from being guessed: at most ten a day.
 *   The right PIN clears the 15-minute count; the right password clears both (it proves more).
 * - Password: five wrong ones in 15 minutes, then one try a minute. It never locks for longer
 *   (as sign-in, decision 0021), and the right one clears its count.
 *
 * A PIN try is counted before the PIN is checked, so PINs sent at once cannot all pass a count
 * none of them has raised yet. A password is counted only when wrong: a right password is never
 * slowed, however many requests carry it at once (one client's 50 copies of a transfer get 50
 * equal answers, decision 0027), and a password, unlike a 4-digit PIN, is not found by a burst of
 * guesses (each one costs an argon2 check, and the API's per-user rate limit bounds the burst).
 */
const PIN_TRIES: Limit = { max: 5, windowMs: 15 * 60_000 };
const WRONG_PINS_A_DAY: Limit = { max: 10, windowMs: 24 * 60 * 60_000 };
const PASSWORD_TRIES: Limit = { max: 5, windowMs: 15 * 60_000 };
/** Past the free password tries: one a minute. */
const PASSWORD_PACE: Limit = { max: 1, windowMs: 60_000 };

const confirmKeys = (userId: string) => ({
  pin: `transfer-pin:account:${userId}`,
  pinDay: `transfer-pin-day:account:${userId}`,
  password: `transfer-password:account:${userId}`,
  passwordPace: `transfer-password-pace:account:${userId}`,
});

const inWords = (ms: number) => {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes < 120 ? `${minutes} minute${minutes === 1 ? '' : 's'}` : `${Math.ceil(minutes / 60)} hours`;
};

/** 429 for a locked PIN: says for how long, and that the password still confirms. */
function pinLocked(resetInMs: number): AppError {
  return new AppError(
    'RATE_LIMITED',
    `Too many wrong PINs: the PIN is locked for ${inWords(resetInMs)}. Confirm with your password instead.`,
    {
      headers: { 'retry-after': String(Math.max(1, Math.ceil(resetInMs / 1000))) },
      fields: { pin: 'Locked for now: use your password' },
    },
  );
}

/** Attempts to set or change the PIN, which checks the password: as a password change. */
const SET_PIN_LIMIT: Limit = { max: 10, windowMs: 15 * 60_000 };

export async function getPinStatus(ctx: UserContext): Promise<TransactionPinStatus> {
  const row = await transactionPin(ctx.db, ctx.user.id);
  return { pin_set: Boolean(row), updated_at: row?.updated_at ?? null };
}

/** Sets or changes the user's transaction PIN; their password confirms it. */
export async function setPin(
  ctx: UserContext,
  body: z.output<typeof setTransactionPinBody>,
): Promise<TransactionPinStatus> {
  await ctx.deps.rateLimiter.consume(`pin-set:account:${ctx.user.id}`, SET_PIN_LIMIT, 'PIN change attempts');
  if (!(await passwordMatches(ctx.db, ctx.user.id, body.password))) {
    throw unprocessable('The password is not correct.', { password: 'The password is not correct' });
  }
  const pinHash = await hashPassword(body.pin);
  const now = ctx.now.toISOString();
  const existed = await ctx.db.transaction().execute(async (trx) => {
    const before = await transactionPin(trx, ctx.user.id);
    await saveTransactionPin(trx, ctx.user.id, pinHash, now);
    await writeAudit(trx, ctx, {
      storeId: null,
      action: before ? 'user.transaction_pin_changed' : 'user.transaction_pin_set',
      entity: 'user',
      entityId: ctx.user.id,
      summary: before ? 'Transaction PIN changed' : 'Transaction PIN set',
    });
    return Boolean(before);
  });
  // The wrong-PIN counts start again with a new PIN.
  if (existed) {
    const keys = confirmKeys(ctx.user.id);
    await ctx.deps.rateLimiter.reset(keys.pin);
    await ctx.deps.rateLimiter.reset(keys.pinDay);
  }
  return { pin_set: true, updated_at: now };
}

/**
 * Checks the secret a transfer was confirmed with: the transaction PIN when one is given, else
 * the password. Tries are counted per person and per kind of secret (see `PIN_TRIES`); past the
 * count the answer is 429 before any hash is computed.
 */
export async function assertTransferConfirmed(
  ctx: RequestContext,
  userId: string,
  secret: { password?: string | undefined; pin?: string | undefined },
): Promise<void> {
  const limiter = ctx.deps.rateLimiter;
  const keys = confirmKeys(userId);
  if (secret.pin) {
    const row = await transactionPin(ctx.db, userId);
    if (!row) {
      throw unprocessable(
        'You have not set a transaction PIN. Set one in Settings → Payment, or confirm with your password.',
        { pin: 'No PIN set' },
      );
    }
    try {
      await limiter.check(keys.pinDay, WRONG_PINS_A_DAY);
    } catch (error) {
      if (error instanceof AppError && error.code === 'RATE_LIMITED') {
        throw pinLocked(Number(error.headers?.['retry-after'] ?? 60) * 1000);
      }
      throw error;
    }
    const tries = await limiter.hit(keys.pin, PIN_TRIES.windowMs);
    if (tries.count > PIN_TRIES.max) throw pinLocked(tries.resetInMs);
    if (await verifyPassword(row.pin_hash, secret.pin)) {
      await limiter.reset(keys.pin);
      return;
    }
    const day = await limiter.hit(keys.pinDay, WRONG_PINS_A_DAY.windowMs);
    const lockedFor =
      day.count >= WRONG_PINS_A_DAY.max ? day.resetInMs : tries.count >= PIN_TRIES.max ? tries.resetInMs : 0;
    throw unprocessable(
      lockedFor
        ? `The PIN is not correct. It is now locked for ${inWords(lockedFor)}: confirm with your password instead.`
        : 'The PIN is not correct.',
      { pin: 'The PIN is not correct' },
    );
  }
  try {
    await limiter.check(keys.password, PASSWORD_TRIES);
  } catch (error) {
    // Past five wrong passwords: one try a minute.
    if (!(error instanceof AppError && error.code === 'RATE_LIMITED')) throw error;
    await limiter.consume(keys.passwordPace, PASSWORD_PACE, 'wrong passwords');
  }
  if (!(await passwordMatches(ctx.db, userId, secret.password ?? ''))) {
    await limiter.hit(keys.password, PASSWORD_TRIES.windowMs);
    throw unprocessable('The password is not correct.', { password: 'The password is not correct' });
  }
  // The password proves the person: its count, and any lock on the PIN, start afresh.
  for (const key of Object.values(keys)) await limiter.reset(key);
}
