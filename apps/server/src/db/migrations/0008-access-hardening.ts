import type { Kysely } from 'kysely';

/**
 * Sign-in slow-down, invitations that reveal nothing of an account, and known devices
 * (decisions 0020 and 0021). Runs on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Wrong passwords per account, and per account and device or address: how many in the
  // window, and the earliest time the next try is checked (ms since the epoch).
  await db.schema
    .createTable('sign_in_failures')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('next_at', 'bigint', (c) => c.notNull())
    .execute();
  // The names the inviter typed: shown for the invitation instead of the account's own.
  await db.schema.alterTable('invitations').addColumn('first_name', 'text').execute();
  await db.schema.alterTable('invitations').addColumn('last_name', 'text').execute();
  // SHA-256 of the browser's device cookie at sign-in: a device the account signed in from.
  await db.schema.alterTable('sessions').addColumn('device_hash', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('device_hash').execute();
  await db.schema.alterTable('invitations').dropColumn('last_name').execute();
  await db.schema.alterTable('invitations').dropColumn('first_name').execute();
  await db.schema.dropTable('sign_in_failures').execute();
}
