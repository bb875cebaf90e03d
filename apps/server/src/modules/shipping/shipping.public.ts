import type { ShippingRate } from '@tillbook/contract/shipping';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { StoreContext } from '../../lib/context.js';
import { shippingRepository, toShippingRate } from './shipping.repository.js';

type Db = Kysely<Database> | Transaction<Database>;

/** What other modules may use of the shipping rates (decision 0025): the rate an order charges. */

/** A rate of the store by id, active or not, for the orders module to charge; null when there is none. */
export async function findShippingRate(
  db: Db,
  ctx: Pick<StoreContext, 'storeId'>,
  id: string,
): Promise<ShippingRate | null> {
  const row = await shippingRepository(db, ctx.storeId).get(id);
  return row ? toShippingRate(row) : null;
}

/** The store's rates that may be charged now, for the till's copy (decision 0036). */
export async function activeShippingRates(
  db: Db,
  ctx: Pick<StoreContext, 'storeId'>,
): Promise<ShippingRate[]> {
  return (await shippingRepository(db, ctx.storeId).list()).map(toShippingRate).filter((r) => r.is_active);
}
