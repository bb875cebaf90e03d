import type { Order } from '@tillbook/contract/orders';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type {
  OrderFactReaction,
  OrderFactScope,
  OrderFactSubscriber,
  StoreContext,
} from '../../lib/context.js';
import { InsertBatch } from '../../lib/insert-rows.js';
import type { OrderFact } from '../../lib/order-facts.js';
import type { OrderItemsTable, OrdersTable } from './orders.tables.js';

/**
 * How the order's changes tell the app's subscribers (decision 0053): the sale publishes into its
 * own batch (`order-placing.service.ts`), later changes through `publishFacts`.
 */

/**
 * Runs the subscribers on each fact, in the list's order and the facts' order, in the change's
 * transaction. The caller flushes `scope.batch` afterwards (the sale with its own rows).
 */
export async function publishOrderFacts(
  subscribers: readonly OrderFactSubscriber[],
  scope: OrderFactScope,
  facts: readonly OrderFact[],
): Promise<void> {
  for (const fact of facts) {
    for (const subscriber of subscribers) {
      const react = subscriber[fact.kind] as OrderFactReaction<OrderFact> | undefined;
      if (!react) continue;
      const done = react(fact, scope);
      if (done) await done;
    }
  }
}

/**
 * Publishes a change's facts to the app's subscribers (`ctx.deps.orderFacts`) and writes the rows
 * they add, in the change's transaction: one statement on PostgreSQL (the figures' change and the
 * webhook outbox together), none when nothing was added. Called last, once the order is as it
 * will be committed.
 */
export async function publishFacts(
  trx: Transaction<Database>,
  ctx: StoreContext,
  facts: readonly OrderFact[],
): Promise<void> {
  const batch = new InsertBatch();
  await publishOrderFacts(ctx.deps.orderFacts, { trx, ctx, batch }, facts);
  await batch.flush(trx);
}

/**
 * The fact of a status change other than a refund (which says what it took back). `before` is the
 * order as it was: a cancellation pays back what had been received and not yet paid back.
 */
export function statusFact(
  order: Order,
  before: Pick<OrdersTable, 'status' | 'amount_received' | 'amount_refunded' | 'amount_outstanding'>,
  items: readonly OrderItemsTable[],
): OrderFact {
  const from = before.status;
  if (order.status === 'success') return { kind: 'completed', order, from, lines: items };
  if (order.status === 'cancelled') {
    const paid_back = before.amount_received - before.amount_refunded;
    return {
      kind: 'cancelled',
      order,
      from,
      paid_back,
      method: order.payment_type,
      outstanding_before: before.amount_outstanding,
    };
  }
  return { kind: 'moved', order, from };
}
