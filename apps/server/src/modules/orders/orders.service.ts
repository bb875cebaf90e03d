import type { Order, OrderDetail, orderListQuery } from '@tillbook/contract/orders';
import type { z } from 'zod';
import { notFound } from '../../lib/app-error.js';
import type { StoreContext } from '../../lib/context.js';
import { endInstant, startInstant } from '../../lib/local-dates.js';
import type { Page } from '../../lib/pagination.js';
import { findCustomerForOrder } from '../customers/customers.public.js';
import { paymentsOfOrder } from '../payments-received/payments-received.public.js';
import { ordersRepository, toRefund } from './orders.repository.js';
import { withTransfers } from './till-transfers.js';

function dateRange(ctx: StoreContext, q: { from?: string | undefined; to?: string | undefined }) {
  const tz = ctx.access.store.timezone;
  return { from: startInstant(q.from, tz) ?? undefined, to: endInstant(q.to, tz) ?? undefined };
}

export async function listOrders(
  ctx: StoreContext,
  q: z.output<typeof orderListQuery>,
): Promise<Page<Order>> {
  const page = await ordersRepository(ctx.db, ctx.storeId).list({ ...q, ...dateRange(ctx, q) });
  return { ...page, items: await withTransfers(ctx.db, ctx, page.items) };
}

export async function getOrder(ctx: StoreContext, id: string): Promise<OrderDetail> {
  const repo = ordersRepository(ctx.db, ctx.storeId);
  const order = await repo.get(id);
  if (!order) throw notFound('Order');
  const [payments, refunds, history, [withTransfer]] = await Promise.all([
    paymentsOfOrder(ctx.db, ctx, id),
    repo.refunds(id),
    repo.history(id),
    withTransfers(ctx.db, ctx, [order]),
  ]);
  return { ...withTransfer!, payments, refunds: refunds.map(toRefund), history };
}

/** An order as an order (no payments or history), for invoices and other areas. */
export async function getOrderSummary(ctx: StoreContext, id: string): Promise<Order> {
  const order = await ordersRepository(ctx.db, ctx.storeId).get(id);
  if (!order) throw notFound('Order');
  return (await withTransfers(ctx.db, ctx, [order]))[0]!;
}

/**
 * A customer's orders, newest first (`GET /order/customer/{id}`, in the customers' route table);
 * 404 for another store's customer.
 */
export async function listCustomerOrders(
  ctx: StoreContext,
  customerId: string,
  q: { page: number; perPage: number },
): Promise<Page<Order>> {
  if (!(await findCustomerForOrder(ctx.db, ctx, customerId))) throw notFound('Customer');
  const page = await ordersRepository(ctx.db, ctx.storeId).list({ ...q, customerId });
  return { ...page, items: await withTransfers(ctx.db, ctx, page.items) };
}
