import type { storeAddressBody } from '@tillbook/contract/stores';
import type { z } from 'zod';
import { rebuildSalesFigures } from '../../db/sales-figures-rebuild.js';
import type { StoreContext } from '../../lib/context.js';
import { updateStoreAddress } from '../stores/stores.public.js';

const isDeadlock = (e: unknown) => (e as { code?: string } | null)?.code === '40P01';

/**
 * The store's address and time zone (store settings). The sales figures are dated to the
 * store's local days (decision 0031), so a new time zone rebuilds the store's figures from its
 * orders in the same transaction as the change: a reader sees the old zone's figures or the new
 * zone's, never a mix. The stores module locks the store row first and writes the new zone to the
 * store's zone row; on PostgreSQL that waits for every sale of the store already written (each
 * holds a share lock on the zone row, `addChange` in `sales-figures.ts`) and holds the next
 * ones back until the rebuild commits, when they add to the rebuilt rows; a sale that worked its
 * day out in the old zone is refused. On SQLite the transaction is the only writer while it runs.
 *
 * On PostgreSQL a sale can hold a figure row and wait for the zone row while the rebuild holds
 * the zone row and waits for that figure row; PostgreSQL ends one of the two (a deadlock). The
 * change is then tried again, up to three times (a sale that ends so is answered 409).
 */
export async function changeStoreAddress(ctx: StoreContext, body: z.output<typeof storeAddressBody>) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await updateStoreAddress(ctx, body, async (trx, before, after) => {
        if (after.timezone !== before.timezone) await rebuildSalesFigures(trx, [ctx.storeId]);
      });
    } catch (e) {
      if (!isDeadlock(e) || attempt >= 3) throw e;
    }
  }
}
