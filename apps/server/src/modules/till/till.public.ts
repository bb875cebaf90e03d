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
    offline_max_hours: Number(row.offline_max_hours),
    offline_max_sales: Number(row.offline_max_sales),
    offline_stock_rule: row.offline_stock_rule as OfflineStockRule,
  };
}
