import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { rowsChanged } from '../../db/results.js';
import { acrossStores } from '../../db/store-key-check.js';
import type { ReceiptLinkKind, ReceiptLinksTable, ReceiptSettingsTable } from './receipts.tables.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A store's receipt links and settings; every query is built from the store's id. */
export function receiptsRepository(db: Db, storeId: string) {
  return {
    async addLink(row: ReceiptLinksTable): Promise<void> {
      await db.insertInto('receipt_links').values(row).execute();
    },

    /** The newest open link to a record that is still open at `until`, if any. */
    openLinkFor: (kind: ReceiptLinkKind, entityId: string, until: string) =>
      db
        .selectFrom('receipt_links')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('kind', '=', kind)
        .where('entity_id', '=', entityId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', until)
        .orderBy('expires_at', 'desc')
        .limit(1)
        .executeTakeFirst(),

    /** Closes the open links to one record; answers how many were open. */
    async revoke(kind: ReceiptLinkKind, entityId: string, at: string): Promise<number> {
      const result = await db
        .updateTable('receipt_links')
        .set({ revoked_at: at })
        .where('store_id', '=', storeId)
        .where('kind', '=', kind)
        .where('entity_id', '=', entityId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return rowsChanged(result);
    },

    settings: () =>
      db.selectFrom('receipt_settings').selectAll().where('store_id', '=', storeId).executeTakeFirst(),

    /** Writes the store's one settings row, made on first save. */
    async saveSettings(values: Omit<ReceiptSettingsTable, 'store_id'>): Promise<void> {
      await db
        .insertInto('receipt_settings')
        .values({ store_id: storeId, ...values })
        .onConflict((oc) => oc.column('store_id').doUpdateSet(values))
        .execute();
    },
  };
}

/**
 * A link by its id, in whichever store it is: the public page knows no store until it has the
 * link (on Citus a query over every shard, by the id's own index; decision 0049).
 */
export const linkById = (db: Db, id: string) =>
  acrossStores(db.selectFrom('receipt_links').selectAll().where('id', '=', id)).executeTakeFirst();
