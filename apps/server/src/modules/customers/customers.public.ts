import type { Customer } from '@tillbook/contract/customers';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { StoreContext } from '../../lib/context.js';
import { customersRepository, toCustomer } from './customers.repository.js';

type Db = Kysely<Database> | Transaction<Database>;

/** What other modules may use of the customers module (decision 0025): the customer of an order. */

export interface CustomerForOrder {
  id: string;
  first_name: string;
  last_name: string;
  email_address: string | null;
  phone_number: string;
  country: string | null;
  state: string | null;
  is_active: boolean;
}

/** The customer an order is for, read in the caller's transaction; undefined when not in the store. */
export async function findCustomerForOrder(
  db: Db,
  ctx: Pick<StoreContext, 'storeId'>,
  id: string,
): Promise<CustomerForOrder | undefined> {
  const row = await customersRepository(db, ctx.storeId).row(id);
  return (
    row && {
      id: row.id,
      first_name: row.first_name,
      last_name: row.last_name,
      email_address: row.email_address,
      phone_number: row.phone_number,
      country: row.country,
      state: row.state,
      is_active: row.is_active === 1,
    }
  );
}

/**
 * Customers changed after `after` (all when null), oldest change first, at most `limit`: the
 * till's copy for choosing a customer offline (decision 0036). Order figures are left at zero:
 * the till does not show them.
 */
export async function customersChangedSince(
  db: Db,
  ctx: Pick<StoreContext, 'storeId'>,
  after: { at: string; id: string } | null,
  limit: number,
): Promise<Customer[]> {
  let q = db.selectFrom('customers').selectAll().where('store_id', '=', ctx.storeId);
  if (after) {
    q = q.where((eb) =>
      eb.or([
        eb('updated_at', '>', after.at),
        eb.and([eb('updated_at', '=', after.at), eb('id', '>', after.id)]),
      ]),
    );
  }
  const rows = await q.orderBy('updated_at').orderBy('id').limit(limit).execute();
  return rows.map((row) => toCustomer(row));
}
