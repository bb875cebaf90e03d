import type { ShippingRate } from '@tillbook/contract/shipping';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ShippingRatesTable } from './shipping.tables.js';

type Db = Kysely<Database> | Transaction<Database>;

export function toShippingRate(row: ShippingRatesTable): ShippingRate {
  return {
    id: row.id,
    name: row.name,
    country: row.country,
    states: JSON.parse(row.states) as string[],
    fee: row.fee,
    estimated_days: row.estimated_days,
    is_active: row.is_active === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Shipping rates of one store; every query is built from the store's id. */
export function shippingRepository(db: Db, storeId: string) {
  return {
    /** Newest first, as a new record goes to the front of its list. */
    list: () =>
      db
        .selectFrom('shipping_rates')
        .selectAll()
        .where('store_id', '=', storeId)
        .orderBy('id', 'desc')
        .execute(),

    get: (id: string) =>
      db
        .selectFrom('shipping_rates')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .executeTakeFirst(),

    async insert(row: ShippingRatesTable): Promise<void> {
      await db.insertInto('shipping_rates').values(row).execute();
    },

    update: (id: string, values: Partial<Omit<ShippingRatesTable, 'id' | 'store_id'>>) =>
      db
        .updateTable('shipping_rates')
        .set(values)
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow(),

    async remove(id: string): Promise<void> {
      await db.deleteFrom('shipping_rates').where('store_id', '=', storeId).where('id', '=', id).execute();
    },
  };
}
