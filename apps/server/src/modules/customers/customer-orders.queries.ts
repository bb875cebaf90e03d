import type { Expression, Kysely, SqlBool, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * What customers read of the orders tables: a customer's order figures and the "returning"
 * filter. The orders module uses customers, so customers cannot ask it; these reads are the one
 * place the customers module knows the orders tables, and it only reads them (decision 0025).
 */

export interface CustomerOrderStats {
  orders_count: number;
  /** Completed orders less what was refunded on them. */
  total_spent: number;
  last_order_at: string | null;
  /** What the customer owes on account: the sum of their account's entries (decision 0065). */
  account_balance: number;
}

export const NO_ORDERS: CustomerOrderStats = {
  orders_count: 0,
  total_spent: 0,
  last_order_at: null,
  account_balance: 0,
};

/** A customer is "returning" from their second order that was not cancelled (domain.md). */
export const RETURNING_CUSTOMER_ORDERS = 2;

/**
 * Orders count (cancelled ones left out), total spent and last order date of some customers, in
 * one query. Every requested id has an entry (zeros for a customer without orders).
 */
export async function customerOrderStats(
  db: Db,
  storeId: string,
  customerIds: string[],
): Promise<Map<string, CustomerOrderStats>> {
  const ids = [...new Set(customerIds)];
  const stats = new Map<string, CustomerOrderStats>(ids.map((id) => [id, { ...NO_ORDERS }]));
  const rows = ids.length
    ? await db
        .selectFrom('orders')
        .select((eb) => [
          'customer_id',
          eb.fn.countAll<number>().as('orders_count'),
          eb.fn
            .sum<number | null>(
              eb
                .case()
                .when('status', '=', 'success')
                .then(eb('total', '-', eb.ref('refunded_total')))
                .else(0)
                .end(),
            )
            .as('total_spent'),
          eb.fn.max('created_at').as('last_order_at'),
        ])
        .where('store_id', '=', storeId)
        .where('customer_id', 'in', ids)
        .where('status', '!=', 'cancelled')
        .groupBy('customer_id')
        .execute()
    : [];
  for (const row of rows) {
    stats.set(row.customer_id!, {
      orders_count: row.orders_count,
      total_spent: row.total_spent ?? 0,
      last_order_at: (row.last_order_at as string | null) ?? null,
      account_balance: 0,
    });
  }
  // What each owes on account: the sum of their entries (the customers module's own table).
  const balances = ids.length
    ? await db
        .selectFrom('customer_account_entries')
        .select((eb) => ['customer_id', eb.fn.sum<number>('amount').as('balance')])
        .where('store_id', '=', storeId)
        .where('customer_id', 'in', ids)
        .groupBy('customer_id')
        .execute()
    : [];
  for (const row of balances) stats.get(row.customer_id)!.account_balance = row.balance;
  return stats;
}

/** A condition on a customer id column: the customer is returning (the "returning" filter). */
export function isReturningCustomer(idColumn: string, storeId: string): Expression<SqlBool> {
  return sql<SqlBool>`(select count(*) from orders o where o.store_id = ${storeId} and o.customer_id = ${sql.ref(idColumn)} and o.status <> 'cancelled') >= ${RETURNING_CUSTOMER_ORDERS}`;
}

/**
 * A customer's orders on account (`payment_type: credit`) with something still owed, oldest
 * first: where a repayment goes first (decision 0065). Read only, as the rest of this file.
 */
export async function openAccountOrders(
  db: Db,
  storeId: string,
  customerId: string,
): Promise<
  Array<{ id: string; number: string; total: number; amount_outstanding: number; created_at: string }>
> {
  return db
    .selectFrom('orders')
    .select(['id', 'number', 'total', 'amount_outstanding', 'created_at'])
    .where('store_id', '=', storeId)
    .where('customer_id', '=', customerId)
    .where('payment_type', '=', 'credit')
    .where('amount_outstanding', '>', 0)
    .where('status', 'not in', ['cancelled', 'refunded'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
