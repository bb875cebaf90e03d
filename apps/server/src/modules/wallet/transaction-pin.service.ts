import type { setTransactionPinBody, TransactionPinStatus } from '@tillbook/contract/wallet';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { unprocessable } from '../../lib/app-error.js';
import { writeAudit } from '../../lib/audit.js';
import type { RequestContext, UserContext } from '../../lib/context.js';
import type { Limit } from '../../lib/rate-limiter.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { passwordMatches } from './wallet-user-password.js';

/**
 * Wrong PINs and passwords given to confirm a transfer, per person: five an hour. A 4-digit PIN
 * has 10,000 values, so the throttle, not the hash, is what keeps it from being guessed
 * (decision 0038). Only failures count: a busy cashier's right PIN never locks them out.
 */
const WRONG_SECRET_LIMIT: Limit = { max: 5, windowMs: 60 * 60_000 };
/** Attempts to set or change the PIN, which checks the password: as a password change. */
const SET_PIN_LIMIT: Limit = { max: 10, windowMs: 15 * 60_000 };

async function pinRow(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('transaction_pins')
    .select(['pin_hash', 'updated_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function getPinStatus(ctx: UserContext): Promise<TransactionPinStatus> {
  const row = await pinRow(ctx.db, ctx.user.id);
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
    const before = await trx
      .selectFrom('transaction_pins')
      .select('user_id')
      .where('user_id', '=', ctx.user.id)
      .executeTakeFirst();
    await trx
      .insertInto('transaction_pins')
      .values({ user_id: ctx.user.id, pin_hash: pinHash, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ pin_hash: pinHash, updated_at: now }))
      .execute();
    await writeAudit(trx, ctx, {
      storeId: null,
      action: before ? 'user.transaction_pin_changed' : 'user.transaction_pin_set',
      entity: 'user',
      entityId: ctx.user.id,
      summary: before ? 'Transaction PIN changed' : 'Transaction PIN set',
    });
    return Boolean(before);
  });
  // The wrong-PIN count starts again with a new PIN.
  if (existed) await ctx.deps.rateLimiter.reset(`transfer-secret:account:${ctx.user.id}`);
  return { pin_set: true, updated_at: now };
}

/**
 * Checks the secret a transfer was confirmed with: the transaction PIN when one is given, else
 * the password. Wrong ones are counted per person and, past the limit, refused with 429 before
 * any hash is computed.
 */
export async function assertTransferConfirmed(
  ctx: RequestContext,
  userId: string,
  secret: { password?: string | undefined; pin?: string | undefined },
): Promise<void> {
  const key = `transfer-secret:account:${userId}`;
  const what = 'wrong PINs or passwords';
  await ctx.deps.rateLimiter.check(key, WRONG_SECRET_LIMIT, what);
  if (secret.pin) {
    const row = await pinRow(ctx.db, userId);
    if (!row) {
      throw unprocessable(
        'You have not set a transaction PIN. Set one in Settings → Payment, or confirm with your password.',
        { pin: 'No PIN set' },
      );
    }
    if (!(await verifyPassword(row.pin_hash, secret.pin))) {
      await ctx.deps.rateLimiter.consume(key, WRONG_SECRET_LIMIT, what);
      throw unprocessable('The PIN is not correct.', { pin: 'The PIN is not correct' });
    }
    return;
  }
  if (!(await passwordMatches(ctx.db, userId, secret.password ?? ''))) {
    await ctx.deps.rateLimiter.consume(key, WRONG_SECRET_LIMIT, what);
    throw unprocessable('The password is not correct.', { password: 'The password is not correct' });
  }
}
