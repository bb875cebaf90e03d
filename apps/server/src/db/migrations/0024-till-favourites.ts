import type { Kysely } from 'kysely';

/**
 * Issue 31: the products an owner pins to the phone till's grid, per store, in the order pinned
 * (decision 0056). A JSON array of product ids on the store's till settings row: a short list
 * (at most 24) that is always read and written whole, so no table of its own.
 *
 * Kept as it is written here: it names no code of the app (a migration means the same forever).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('till_settings')
    .addColumn('favourite_product_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('till_settings').dropColumn('favourite_product_ids').execute();
}
