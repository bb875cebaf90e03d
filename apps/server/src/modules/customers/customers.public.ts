import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { StoreContext } from '../../lib/context.js';
import { customersRepository } from './customers.repository.js';

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
