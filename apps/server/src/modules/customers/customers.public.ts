import type { Customer } from '@tillbook/contract/customers';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { StoreContext } from '../../lib/context.js';
import { readCounterValues } from '../../lib/counters.js';
import { NO_ORDERS } from './customer-orders.queries.js';
import { CUSTOMER_COUNTER, customersRepository, toCustomer } from './customers.repository.js';

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

/** A customer as the dashboard names them (top customers). */
export interface CustomerLabel {
  id: string;
  name: string;
  email_address: string | null;
  phone_number: string;
}

/** Names and contacts of some customers of the store; deleted ones are absent. */
export async function customerLabels(
  db: Db,
  storeId: string,
  ids: readonly string[],
): Promise<Map<string, CustomerLabel>> {
  const out = new Map<string, CustomerLabel>();
  for (const r of await customersRepository(db, storeId).labelRows(ids)) {
    out.set(r.id, {
      id: r.id,
      name: `${r.first_name} ${r.last_name}`.trim(),
      email_address: r.email_address,
      phone_number: r.phone_number,
    });
  }
  return out;
}

/**
 * How many customers the store has (the kept count the customer list shows, no rows counted),
 * and how many were added between two instants (either open; all of them when both are), by a
 * range of the `customers (store_id, created_at)` index.
 */
export async function countCustomers(
  db: Db,
  storeId: string,
  from: string | null,
  to: string | null,
): Promise<{ total: number; added: number }> {
  const total = (await readCounterValues(db, storeId, [CUSTOMER_COUNTER])).get(CUSTOMER_COUNTER) ?? 0;
  if (!from && !to) return { total, added: total };
  return { total, added: await customersRepository(db, storeId).countAdded(from, to) };
}

/** When each customer added between two instants was added, oldest first (the customers chart). */
export async function customersAddedBetween(
  db: Db,
  storeId: string,
  from: string,
  to: string,
): Promise<string[]> {
  return customersRepository(db, storeId).addedTimes(from, to);
}

/**
 * Customers changed after `after` (all when null), oldest change first, at most `limit`: the
 * till's copy for choosing a customer offline (decision 0036). Order figures are left at zero:
 * the till does not show them; the account's balance and limit it does (decision 0065).
 */
export async function customersChangedSince(
  db: Db,
  ctx: Pick<StoreContext, 'storeId'>,
  after: { at: string; id: string } | null,
  limit: number,
): Promise<Customer[]> {
  const repo = customersRepository(db, ctx.storeId);
  const rows = await repo.changedSince(after, limit);
  // The balance is sent (one grouped sum per page): a credit sale made offline is held to the
  // limit the device knew, its copy's balance plus its own queued sales (decision 0065).
  const balances = await repo.balancesOf(rows.map((r) => r.id));
  return rows.map((row) => toCustomer(row, { ...NO_ORDERS, account_balance: balances.get(row.id) ?? 0 }));
}

/**
 * Customers' accounts (decision 0065): the subscriber to the order's facts that keeps them, the
 * credit check of a sale (its customer locked), the approval of a sale past a limit, and the
 * entries the orders module's repayment and write-off write.
 */
export { accountsSubscriber } from './customer-account-facts.js';
export {
  accountEntryRow,
  claimSaleCredit,
  customerBalance,
  insertAccountEntries,
  lockCustomerForCredit,
  paymentEntryIds,
  verifyCreditApproval,
  type CreditStanding,
  type SaleCredit,
} from './customer-credit.js';
export { openAccountOrders } from './customer-orders.queries.js';
export { getAccount, statementPdf, toAccountEntry } from './customer-accounts.service.js';
