import { TILL_DEFAULTS, type OfflineStockRule, type TillSettings } from '@tillbook/contract/till';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { StoreContext } from '../../lib/context.js';
import './till.tables.js';

type Db = Kysely<Database> | Transaction<Database>;

/** What other modules may use of the till module (decision 0036): the store's rules for offline sales. */
export async function tillSettingsOf(db: Db, ctx: Pick<StoreContext, 'storeId'>): Promise<TillSettings> {
  const row = await db
    .selectFrom('till_settings')
    .selectAll()
    .where('store_id', '=', ctx.storeId)
    .executeTakeFirst();
  if (!row) return { ...TILL_DEFAULTS };
  return {
    offline_max_hours: row.offline_max_hours,
    offline_max_sales: row.offline_max_sales,
    offline_stock_rule: row.offline_stock_rule as OfflineStockRule,
  };
}

/**
 * Binds a till's offline numbers to their owner (decision 0047): the first owner to use a device
 * id in the store keeps it. Answers whether `device` is `owner`'s (claimed now or before). Read
 * first, so the till's every catalogue refresh writes nothing once its device is known; two first
 * claims at once are settled by the primary key (the loser inserts nothing and reads the winner).
 */
export async function claimTillDevice(
  db: Db,
  ctx: Pick<StoreContext, 'storeId' | 'actor' | 'now'>,
  device: string,
  owner: string,
): Promise<boolean> {
  const ownerOf = async () =>
    (
      await db
        .selectFrom('till_devices')
        .select('owner')
        .where('store_id', '=', ctx.storeId)
        .where('device', '=', device)
        .executeTakeFirst()
    )?.owner;
  let current = await ownerOf();
  if (current === undefined) {
    await db
      .insertInto('till_devices')
      .values({
        store_id: ctx.storeId,
        device,
        owner,
        created_by_id: ctx.actor.id,
        created_at: ctx.now.toISOString(),
      })
      .onConflict((oc) => oc.columns(['store_id', 'device']).doNothing())
      .execute();
    current = await ownerOf();
  }
  return current === owner;
}
