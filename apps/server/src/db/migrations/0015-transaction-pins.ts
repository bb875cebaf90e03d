import type { Kysely } from 'kysely';

/**
 * Issue 17: a transaction PIN a user may set and give instead of their password to confirm a
 * wallet transfer (domain.md "Wallet"; decision 0038). One per person, whichever stores they
 * work in, kept as an argon2id hash like a password.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('transaction_pins')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('pin_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}
