import { TILL_DEFAULTS, type OfflineStockRule, type TillSettings } from '@tillbook/contract/till';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { StoreContext } from '../../lib/context.js';
import { tillRepository } from './till.repository.js';
import './till.tables.js';

type Db = Kysely<Database> | Transaction<Database>;

/** What other modules may use of the till module (decision 0036): the store's rules for offline sales. */
export async function tillSettingsOf(db: Db, ctx: Pick<StoreContext, 'storeId'>): Promise<TillSettings> {
  const row = await tillRepository(db, ctx.storeId).findSettings();
  if (!row) return { ...TILL_DEFAULTS };
  return {
    offline_max_hours: row.offline_max_hours,
    offline_max_sales: row.offline_max_sales,
    offline_stock_rule: row.offline_stock_rule as OfflineStockRule,
    shift_required: row.shift_required === 1,
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
  const repo = tillRepository(db, ctx.storeId);
  let current = await repo.deviceOwner(device);
  if (current === undefined) {
    await repo.claimDevice(device, owner, ctx.actor.id, ctx.now.toISOString());
    current = await repo.deviceOwner(device);
  }
  return current === owner;
}
