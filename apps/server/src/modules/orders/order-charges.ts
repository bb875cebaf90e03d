import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { StoreContext } from '../../lib/context.js';
import type { ShippingCharge, TaxRule } from './pricing.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Where the goods go, for rules that depend on it: the customer's address, else the store's. */
export interface Destination {
  country: string | null;
  state: string | null;
}

/**
 * The tax rule an order pays: the store's rule for the destination's country and state.
 *
 * Tax rules are kept by the settings area (`/tax`), which is not part of this build yet; until it
 * is, no rule applies and orders carry no tax. Wire the settings service in here; the pricing
 * function already applies exclusive and inclusive rules with several rates.
 */
export async function taxRuleFor(
  _db: Db,
  _ctx: Pick<StoreContext, 'storeId'>,
  _destination: Destination,
): Promise<TaxRule | null> {
  return null;
}

export interface ShippingChoice extends ShippingCharge {
  id: string;
  name: string;
}

/**
 * The shipping rate chosen for an order. Shipping rates are kept by the settings area
 * (`/shipping`), which is not part of this build yet, so no id names one: the answer is a 422
 * on `shipping_id`. Wire the settings service in here.
 */
export async function shippingChargeFor(
  _db: Db,
  _ctx: Pick<StoreContext, 'storeId'>,
  shippingId: string,
): Promise<ShippingChoice> {
  throw new AppError('UNPROCESSABLE', 'Choose one of the shipping rates of this store.', {
    fields: { shipping_id: `There is no shipping rate ${shippingId} in this store` },
  });
}
