import type { Kysely, Transaction } from 'kysely';
import type { CodePurpose, Database } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The one-time codes and links of sign-up, verification and password reset (`user_codes`). */

export async function voidCodes(db: Db, userId: string, purpose: CodePurpose, now: Date): Promise<void> {
  await db
    .updateTable('user_codes')
    .set({ consumed_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .execute();
}

/** A new code of a purpose for the user; the open ones of that purpose stop working. */
export async function replaceCode(
  db: Db,
  values: { userId: string; purpose: CodePurpose; codeHash: string; now: Date; expiresAt: Date },
): Promise<void> {
  await voidCodes(db, values.userId, values.purpose, values.now);
  await db
    .insertInto('user_codes')
    .values({
      id: newId(),
      user_id: values.userId,
      purpose: values.purpose,
      code_hash: values.codeHash,
      attempts: 0,
      expires_at: values.expiresAt.toISOString(),
      consumed_at: null,
      created_at: values.now.toISOString(),
    })
    .execute();
}

/** The newest unexpired, unused code of a purpose. */
export const findActiveCode = (db: Db, userId: string, purpose: CodePurpose, now: Date) =>
  db
    .selectFrom('user_codes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();

export const findActiveCodeByHash = (db: Db, purpose: CodePurpose, codeHash: string, now: Date) =>
  db
    .selectFrom('user_codes')
    .selectAll()
    .where('code_hash', '=', codeHash)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();

/** Counts a wrong try; the code is void once it reaches the limit. Returns the tries left. */
export async function recordWrongCode(
  db: Db,
  codeId: string,
  maxAttempts: number,
  now: Date,
): Promise<number> {
  const row = await db
    .updateTable('user_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', codeId)
    .returning('attempts')
    .executeTakeFirstOrThrow();
  const left = maxAttempts - row.attempts;
  if (left <= 0) {
    await db
      .updateTable('user_codes')
      .set({ consumed_at: now.toISOString() })
      .where('id', '=', codeId)
      .execute();
  }
  return Math.max(0, left);
}

export const consumeCode = (db: Db, codeId: string, now: Date) =>
  db
    .updateTable('user_codes')
    .set({ consumed_at: now.toISOString() })
    .where('id', '=', codeId)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
