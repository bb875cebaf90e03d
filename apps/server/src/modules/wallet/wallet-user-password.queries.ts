import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The one read the wallet makes of the accounts' table (decision 0025: read-only, in one named
 * file): a transfer, and setting a transaction PIN, ask for the user's password again. The
 * password hash, or none for no such user.
 */
export async function userPasswordHash(db: Kysely<Database>, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.password_hash;
}
