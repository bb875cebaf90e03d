import type {
  createShippingRateBody,
  ShippingRate,
  updateShippingRateBody,
} from '@tillbook/contract/shipping';
import type { z } from 'zod';
import { notFound } from '../../lib/app-error.js';
import { writeAudit } from '../../lib/audit.js';
import type { StoreContext } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { formatMoney } from '../../lib/money-text.js';
import { shippingRepository, toShippingRate } from './shipping.repository.js';
import type { ShippingRatesTable } from './shipping.tables.js';

/** The fields an audit row keeps of a rate. */
const auditable = ({ id: _i, created_at: _c, updated_at: _u, ...rest }: ShippingRate) => rest;

const where = (r: Pick<ShippingRate, 'country' | 'states'>) =>
  r.states.length ? `${r.country} (${r.states.join(', ')})` : r.country;

/**
 * `{id}` of `/shipping/store/{id}` names the store, which must be the request's own store (the
 * session's, or `?storeId=`): any other id is answered as a store that does not exist.
 */
export async function listShippingRates(ctx: StoreContext, storeId: string): Promise<ShippingRate[]> {
  if (storeId !== ctx.storeId) throw notFound('Store');
  return (await shippingRepository(ctx.db, ctx.storeId).list()).map(toShippingRate);
}

export async function createShippingRate(
  ctx: StoreContext,
  body: z.output<typeof createShippingRateBody>,
): Promise<ShippingRate> {
  const now = ctx.now.toISOString();
  const row: ShippingRatesTable = {
    id: newId(),
    store_id: ctx.storeId,
    name: body.name,
    country: body.country,
    states: JSON.stringify(body.states ?? []),
    fee: body.fee,
    estimated_days: body.estimated_days ?? null,
    is_active: body.is_active === false ? 0 : 1,
    created_at: now,
    updated_at: now,
  };
  const rate = toShippingRate(row);
  await ctx.db.transaction().execute(async (trx) => {
    await shippingRepository(trx, ctx.storeId).insert(row);
    await writeAudit(trx, ctx, {
      action: 'shipping_rate.created',
      entity: 'shipping_rate',
      entityId: row.id,
      summary: `Shipping rate "${rate.name}" added: ${formatMoney(rate.fee, ctx.access.store.currency)} to ${where(rate)}`,
      after: auditable(rate),
    });
  });
  return rate;
}

export async function updateShippingRate(
  ctx: StoreContext,
  id: string,
  body: z.output<typeof updateShippingRateBody>,
): Promise<ShippingRate> {
  const found = await shippingRepository(ctx.db, ctx.storeId).get(id);
  if (!found) throw notFound('Shipping rate');
  const before = toShippingRate(found);
  return ctx.db.transaction().execute(async (trx) => {
    const row = await shippingRepository(trx, ctx.storeId).update(id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.country !== undefined ? { country: body.country } : {}),
      ...(body.states !== undefined ? { states: JSON.stringify(body.states) } : {}),
      ...(body.fee !== undefined ? { fee: body.fee } : {}),
      ...(body.estimated_days !== undefined ? { estimated_days: body.estimated_days } : {}),
      ...(body.is_active !== undefined ? { is_active: body.is_active ? 1 : 0 } : {}),
      updated_at: ctx.now.toISOString(),
    });
    const after = toShippingRate(row);
    await writeAudit(trx, ctx, {
      action:
        before.is_active !== after.is_active
          ? `shipping_rate.${after.is_active ? 'activated' : 'deactivated'}`
          : 'shipping_rate.updated',
      entity: 'shipping_rate',
      entityId: id,
      summary: `Shipping rate "${after.name}" updated`,
      before: auditable(before),
      after: auditable(after),
    });
    return after;
  });
}

/** Orders that used the rate keep their fee and its name: they hold their own copy. */
export async function deleteShippingRate(ctx: StoreContext, id: string): Promise<{ id: string }> {
  const found = await shippingRepository(ctx.db, ctx.storeId).get(id);
  if (!found) throw notFound('Shipping rate');
  const before = toShippingRate(found);
  await ctx.db.transaction().execute(async (trx) => {
    await shippingRepository(trx, ctx.storeId).remove(id);
    await writeAudit(trx, ctx, {
      action: 'shipping_rate.deleted',
      entity: 'shipping_rate',
      entityId: id,
      summary: `Shipping rate "${before.name}" deleted`,
      before: auditable(before),
    });
  });
  return { id };
}
