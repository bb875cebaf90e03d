import type { User } from '@tillbook/contract/auth';
import type { Kysely, Transaction } from 'kysely';
import { rowsChanged } from '../../db/results.js';
import type { Database, Table, UsersTable } from '../../db/schema.js';
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

/** A new account (sign-up). */
export const insertUser = (db: Db, values: UsersTable) =>
  db.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow();

/**
 * The id of the account for an email, made without a password when there is none (an
 * invitation). The same statement whether the email is new or taken, and no unique-key clash
 * when two stores invite the same new email at once: the second insert does nothing.
 */
export async function ensureInvitedUser(db: Db, email: string, now: string): Promise<string> {
  await db
    .insertInto('users')
    .values({
      id: newId(),
      email,
      password_hash: NO_PASSWORD,
      first_name: '',
      last_name: '',
      phone_number: '',
      country: '',
      business_name: null,
      email_verified_at: null,
      photo_url: null,
      website: null,
      billing_contact: null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return user.id;
}

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
  return rowsChanged(result);
}

/** Takes a store out of the user's sessions that are in it (the user left or was removed). */
export async function leaveStoreInSessions(db: Db, userId: string, storeId: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ current_store_id: null })
    .where('user_id', '=', userId)
    .where('current_store_id', '=', storeId)
    .execute();
}

/** Ends one session (signing out). */
export async function endSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now.toISOString() })
    .where('id', '=', sessionId)
    .execute();
}

/**
 * Whether the user signed in before from this device (SHA-256 of its cookie) or address, in any
 * session, even an ended one (decision 0021).
 */
export async function signedInBefore(
  db: Db,
  userId: string,
  from: { deviceHash: string | null; ip: string | null },
): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where((eb) => {
      const known = [];
      if (from.deviceHash) known.push(eb('device_hash', '=', from.deviceHash));
      if (from.ip) known.push(eb('ip', '=', from.ip));
      return known.length ? eb.or(known) : eb.lit(false);
    })
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertAnalyticsEvent(db: Db, row: Table<'analytics_events'>): Promise<void> {
  await db.insertInto('analytics_events').values(row).execute();
}
