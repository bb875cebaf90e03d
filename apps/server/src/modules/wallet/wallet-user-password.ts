import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { verifyPassword } from '../../lib/passwords.js';

/**
 * The one read the wallet makes of the accounts' table (decision 0025: read-only, in one named
 * file): a transfer, and setting a transaction PIN, ask for the user's password again.
 */
export async function passwordMatches(
  db: Kysely<Database>,
  userId: string,
  password: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ? verifyPassword(row.password_hash, password) : false;
}
