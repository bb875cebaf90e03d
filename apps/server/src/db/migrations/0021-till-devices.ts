import type { Kysely } from 'kysely';

/**
 * Issue 28: a till's offline numbers (`OFF-<device>-<n>`) belong to the browser that first used
 * the device's id in the store (decision 0047), so another seller cannot use them up and hold
 * that till's sales. `owner` is `browser:<SHA-256 of its device cookie>`, or `user:<id>` /
 * `api_key:<id>` for a client without the cookie.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('till_devices')
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('created_by_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('till_devices_pkey', ['store_id', 'device'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('till_devices').execute();
}
