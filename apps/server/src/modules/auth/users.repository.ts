import type { User } from '@tillbook/contract/auth';
import type { Kysely, Transaction } from 'kysely';
import type { CodePurpose, Database, UsersTable } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A user invited by email who has not set a password yet has this marker instead of a hash. */
export const NO_PASSWORD = '!';

export function toUser(row: UsersTable): User {
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    phone_number: row.phone_number,
    country: row.country,
    business_name: row.business_name,
    email_verified: row.email_verified_at !== null,
    photo_url: row.photo_url,
    website: row.website,
    billing_contact: row.billing_contact ? JSON.parse(row.billing_contact) : null,
    created_at: row.created_at,
  };
}

export const findUserByEmail = (db: Db, email: string) =>
  db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();

export const findUserById = (db: Db, id: string) =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export async function updateUser(
  db: Db,
  id: string,
  values: Partial<Omit<UsersTable, 'id'>>,
): Promise<UsersTable> {
  return db.updateTable('users').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function insertSession(
  db: Db,
  values: {
    userId: string;
    tokenHash: string;
    storeId: string | null;
    ip: string | null;
    userAgent: string | null;
    /** SHA-256 of the browser's device cookie (decision 0021). */
    deviceHash: string | null;
    now: Date;
    expiresAt: Date;
  },
) {
  const id = newId();
  await db
    .insertInto('sessions')
    .values({
      id,
      user_id: values.userId,
      token_hash: values.tokenHash,
      current_store_id: values.storeId,
      ip: values.ip,
      user_agent: values.userAgent,
      device_hash: values.deviceHash,
      created_at: values.now.toISOString(),
      expires_at: values.expiresAt.toISOString(),
      revoked_at: null,
    })
    .execute();
  return id;
}

export async function revokeSessions(
  db: Db,
  userId: string,
  now: Date,
  exceptSessionId?: string,
): Promise<number> {
  let q = db
    .updateTable('sessions')
    .set({ revoked_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId) q = q.where('id', '!=', exceptSessionId);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function voidCodes(db: Db, userId: string, purpose: CodePurpose, now: Date): Promise<void> {
  await db
    .updateTable('user_codes')
    .set({ consumed_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .execute();
}

export async function insertCode(
  db: Db,
  values: { userId: string; purpose: CodePurpose; codeHash: string; now: Date; expiresAt: Date },
): Promise<void> {
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
  const left = maxAttempts - Number(row.attempts);
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
