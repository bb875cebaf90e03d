import type { Kysely, Transaction } from 'kysely';
import { engineOf } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import type { TillSettingsTable } from './till.tables.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The till's settings and claimed devices in one store; every query is built from the store's id. */
export function tillRepository(db: Db, storeId: string) {
  return {
    findSettings: () =>
      db.selectFrom('till_settings').selectAll().where('store_id', '=', storeId).executeTakeFirst(),

    /** Writes the store's one settings row, made on first save. */
    async saveSettings(
      settings: Pick<
        TillSettingsTable,
        'offline_max_hours' | 'offline_max_sales' | 'offline_stock_rule' | 'shift_required'
      >,
      updatedAt: string,
    ): Promise<void> {
      const values = { ...settings, updated_at: updatedAt };
      await db
        .insertInto('till_settings')
        .values({ store_id: storeId, ...values, favourite_product_ids: '[]' })
        .onConflict((oc) => oc.column('store_id').doUpdateSet(values))
        .execute();
    },

    /** The pinned products' ids as stored (a JSON array), or undefined before the row exists. */
    async favourites(lock = false): Promise<string | undefined> {
      const q = db
        .selectFrom('till_settings')
        .select('favourite_product_ids')
        .where('store_id', '=', storeId);
      // Two owners pinning at once each read the list before writing it whole: the row lock
      // (PostgreSQL; SQLite has one writer) makes the second read the first one's list.
      const postgres = engineOf(db as Kysely<unknown>) === 'postgres';
      return (await (lock && postgres ? q.forUpdate() : q).executeTakeFirst())?.favourite_product_ids;
    },

    /** Makes the store's settings row with these values when it has none yet (nothing otherwise). */
    async ensureSettings(
      defaults: Pick<
        TillSettingsTable,
        'offline_max_hours' | 'offline_max_sales' | 'offline_stock_rule' | 'shift_required'
      >,
      updatedAt: string,
    ): Promise<void> {
      await db
        .insertInto('till_settings')
        .values({ store_id: storeId, ...defaults, updated_at: updatedAt, favourite_product_ids: '[]' })
        .onConflict((oc) => oc.column('store_id').doNothing())
        .execute();
    },

    async saveFavourites(json: string): Promise<void> {
      await db
        .updateTable('till_settings')
        .set({ favourite_product_ids: json })
        .where('store_id', '=', storeId)
        .execute();
    },

    async deviceOwner(device: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('till_devices')
        .select('owner')
        .where('store_id', '=', storeId)
        .where('device', '=', device)
        .executeTakeFirst();
      return row?.owner;
    },

    /** Inserts nothing when the device is claimed already (the first claim wins). */
    async claimDevice(
      device: string,
      owner: string,
      createdById: string | null,
      createdAt: string,
    ): Promise<void> {
      await db
        .insertInto('till_devices')
        .values({ store_id: storeId, device, owner, created_by_id: createdById, created_at: createdAt })
        .onConflict((oc) => oc.columns(['store_id', 'device']).doNothing())
        .execute();
    },
  };
}
