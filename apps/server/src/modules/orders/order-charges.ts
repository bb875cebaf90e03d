import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { StoreContext } from '../../lib/context.js';
import { findShippingRate } from '../shipping/shipping.public.js';
import { taxRuleForDestination } from '../tax/tax.public.js';
import type { ShippingCharge, TaxRule } from '@tillbook/contract/pricing';

type Db = Kysely<Database> | Transaction<Database>;

/** Where the goods go, for rules that depend on it: the customer's address, else the store's. */
export interface Destination {
  country: string | null;
  state: string | null;
}

/**
 * The tax rule an order pays, from the store's tax settings (`/tax`): the rule of the
 * destination's country that names its state, else that country's rule for all states (`*`),
 * else none. Names compare without case or extra spaces.
 */
export async function taxRuleFor(
  db: Db,
  ctx: Pick<StoreContext, 'storeId'>,
  destination: Destination,
): Promise<TaxRule | null> {
  const rule = await taxRuleForDestination(db, ctx, destination);
  return rule && { rates: rule.rates, inclusive: rule.inclusive };
}

export interface ShippingChoice extends ShippingCharge {
  id: string;
  name: string;
}

const refuse = (message: string, field: string) =>
  new AppError('UNPROCESSABLE', message, { fields: { shipping_id: field } });

/**
 * The shipping rate chosen for an order: an active rate of this store (`/shipping`), else a 422
 * on `shipping_id`. The rate's region is not checked against the destination: the cashier
 * chooses, and may be sending the goods somewhere other than the customer's saved address.
 */
export async function shippingChargeFor(
  db: Db,
  ctx: Pick<StoreContext, 'storeId'>,
  shippingId: string,
): Promise<ShippingChoice> {
  const rate = await findShippingRate(db, ctx, shippingId);
  if (!rate) {
    throw refuse(
      'Choose one of the shipping rates of this store.',
      `There is no shipping rate ${shippingId} in this store`,
    );
  }
  if (!rate.is_active) {
    throw refuse(
      `The shipping rate "${rate.name}" is switched off. Choose another, or switch it on in Settings → Shipping.`,
      `"${rate.name}" is switched off`,
    );
  }
  return { id: rate.id, name: rate.name, fee: rate.fee };
}
