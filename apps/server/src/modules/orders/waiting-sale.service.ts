import type { Order } from '@tillbook/contract/orders';
import { conflict, notFound } from '../../lib/app-error.js';
import type { StoreContext } from '../../lib/context.js';
import { changeStatusIn } from './order-returns.service.js';
import { ordersRepository } from './orders.repository.js';
import { tillTransfersRepository } from './till-transfers.repository.js';
import { withTransfers } from './till-transfers.js';

/**
 * The customer at the counter will not pay the transfer after all (decision 0065): the cashier
 * who placed the sale cancels it there, without the manager's `orders.update_status`. Only a sale
 * still waiting with nothing received: anything else is a cancellation or a refund for someone
 * who may do those. It takes the status route's path (stock back, audit row, `cancelled` fact),
 * and a transfer that arrives later goes to the "match it" queue.
 */
export async function cancelWaitingSale(ctx: StoreContext, id: string): Promise<Order> {
  return ctx.db.transaction().execute(async (trx) => {
    // The waiting row first, then the order: the order a paying deposit takes them in.
    const waiting = (await tillTransfersRepository(trx, ctx.storeId).forOrders([id]))[0];
    const row = await ordersRepository(trx, ctx.storeId).getRow(id);
    if (!row) throw notFound('Order');
    if (!waiting || waiting.state !== 'awaiting' || row.status !== 'pending' || row.amount_received > 0) {
      throw conflict(
        `Order ${row.number} is not a sale waiting for its transfer with nothing received; cancel or refund it from the order.`,
      );
    }
    const mayCancelAny = ctx.access.permissions.has('orders.update_status');
    if (!mayCancelAny && row.created_by_id !== ctx.actor.id) {
      throw conflict(
        `Order ${row.number} was placed by ${row.created_by_name ?? 'another member'}: only they, or someone who may cancel orders, can cancel it.`,
      );
    }
    const order = await changeStatusIn(
      trx,
      ctx,
      row,
      'cancelled',
      'The transfer did not come: cancelled at the till',
    );
    return (await withTransfers(trx, ctx, [order]))[0]!;
  });
}
