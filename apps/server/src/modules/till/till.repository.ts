import type { Kysely, Transaction } from 'kysely';
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
      settings: Pick<TillSettingsTable, 'offline_max_hours' | 'offline_max_sales' | 'offline_stock_rule'>,
      updatedAt: string,
    ): Promise<void> {
      const values = { ...settings, updated_at: updatedAt };
      await db
        .insertInto('till_settings')
        .values({ store_id: storeId, ...values })
        .onConflict((oc) => oc.column('store_id').doUpdateSet(values))
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
