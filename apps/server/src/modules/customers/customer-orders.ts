import type { CustomerOrder } from '@tillbook/contract/customers';
import type { Expression, Kysely, SqlBool, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { StoreContext } from '../../lib/context.js';
import type { Page } from '../../lib/pagination.js';
import * as orders from '../orders/orders.service.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * What customers know of orders: the one place the customers module asks the orders module,
 * so customers never read the orders tables themselves.
 */

export type CustomerOrderStats = orders.CustomerOrderStats;

export const NO_ORDERS: CustomerOrderStats = { orders_count: 0, total_spent: 0, last_order_at: null };

/** A customer is "returning" from their second order that was not cancelled (domain.md). */
export const RETURNING_CUSTOMER_ORDERS = 2;

/** Orders count, total spent and last order date of some customers of a store. */
export const customerOrderStats = (db: Db, storeId: string, customerIds: string[]) =>
  orders.customerOrderStats(db, storeId, customerIds);

/** A condition on a customer id column: the customer is returning (the "returning" filter). */
export const isReturningCustomer = (idColumn: string, storeId: string): Expression<SqlBool> =>
  orders.hasOrdersAtLeast(idColumn, storeId, RETURNING_CUSTOMER_ORDERS);

/** A customer's orders, newest first (`GET /order/customer/{id}`). */
export async function listCustomerOrders(
  ctx: StoreContext,
  customerId: string,
  q: { page: number; perPage: number },
): Promise<Page<CustomerOrder>> {
  return orders.listCustomerOrders(ctx, customerId, q);
}
