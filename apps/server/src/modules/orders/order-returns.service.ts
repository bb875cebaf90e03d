import {
  ORDER_TRANSITIONS,
  type Order,
  type OrderRefund,
  type OrderStatus,
  type PaymentType,
  type RefundResult,
  type refundOrderBody,
  type updateOrderStatusBody,
} from '@tillbook/contract/orders';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { conflict, notFound, type AppError } from '../../lib/app-error.js';
import { writeAudit } from '../../lib/audit.js';
import type { StoreContext } from '../../lib/context.js';
import { runIdempotent, type Outcome } from '../../lib/idempotency.js';
import { newId } from '../../lib/ids.js';
import type { RefundedLine } from '../../lib/order-facts.js';
import { releaseDiscountUse } from '../discounts/discounts.public.js';
import { publishFacts, statusFact } from './order-facts.js';
import { balanceOf, money, STATUS_WORD } from './order-basics.js';
import {
  assertRefundable,
  refundSettlement,
  refundWorth,
  unitsToRefund,
  type RefundRequest,
} from './order-refunds.js';
import { returnStock } from './order-stock-return.js';
import { ordersRepository, toOrder, toRefund } from './orders.repository.js';
import type { OrdersTable } from './orders.tables.js';
import { cancelTillTransfer, withTransfers } from './till-transfers.js';

/**
 * Status changes, cancellation and refunds: stock and money going back. Each change ends by
 * publishing its fact (decision 0053): the sales figures and the webhook outbox are the app's
 * subscribers', not named here. The refund quote, which writes nothing, is refund-quote.service.ts.
 */

type Db = Kysely<Database> | Transaction<Database>;

export async function orderRowOr404(db: Db, ctx: StoreContext, id: string): Promise<OrdersTable> {
  const row = await ordersRepository(db, ctx.storeId).getRow(id);
  if (!row) throw notFound('Order');
  return row;
}

const changedMeanwhile = (row: OrdersTable) =>
  conflict(`Order ${row.number} was changed by someone else just now. Reload it and try again.`);

function refusedTransition(row: OrdersTable, to: OrderStatus): AppError {
  const from = row.status;
  if (from === to)
    return conflict(`Order ${row.number} is already ${STATUS_WORD[from]}.`, { status: `Already ${from}` });
  const next = ORDER_TRANSITIONS[from];
  const hint = next.length
    ? ` From ${from} it can go to ${next.join(' or ')}.`
    : ` A ${STATUS_WORD[from]} order cannot change status.`;
  return conflict(`Order ${row.number} is ${from}; it cannot be moved to ${to}.${hint}`, {
    status: `Not allowed from ${from}`,
  });
}

/**
 * Cancels an order: the money received is refunded, the discount use given back, and the stock
 * returned unless `stockTaken` is false (an offline sale whose stock was held, decision 0036).
 * The caller publishes the `cancelled` fact once the order is as it will be committed.
 */
export async function cancelOrder(
  trx: Transaction<Database>,
  ctx: StoreContext,
  row: OrdersTable,
  reason: string | null,
  { stockTaken = true }: { stockTaken?: boolean } = {},
): Promise<OrdersTable> {
  const repo = ordersRepository(trx, ctx.storeId);
  const now = ctx.now.toISOString();
  const total = row.total;
  const received = row.amount_received;
  const kept = received - row.amount_refunded;
  const after = {
    total,
    refunded_total: total,
    amount_received: received,
    amount_refunded: received,
    amount_written_off: row.amount_written_off,
  };
  const balance = balanceOf(after);
  const patch: Partial<OrdersTable> = {
    status: 'cancelled',
    refunded_total: total,
    amount_refunded: received,
    amount_outstanding: balance.outstanding,
    payment_state: balance.state,
    cancelled_at: now,
    updated_at: now,
  };
  // The transfer the sale waits for first, as a deposit paying it takes it (then the order):
  // the two lock the same rows in the same order and never wait on each other crosswise.
  await cancelTillTransfer(trx, ctx, row);
  if (!(await repo.updateIf(row.id, { status: row.status, refunded_total: row.refunded_total }, patch))) {
    throw changedMeanwhile(row);
  }
  const items = await repo.items([row.id]);
  if (stockTaken) {
    await returnStock(
      trx,
      ctx,
      row.id,
      items.map((i) => ({ item: i, quantity: i.quantity - i.quantity_refunded })),
      'cancellation',
    );
  }
  if (row.discount_id) await releaseDiscountUse(trx, ctx, row.discount_id);
  if (kept > 0) {
    await repo.insertRefund({
      id: newId(),
      store_id: ctx.storeId,
      order_id: row.id,
      reason: reason ?? 'Order cancelled',
      value: total - row.refunded_total,
      amount: kept,
      // A cancellation pays back the way the order was paid.
      method: row.payment_type,
      items: JSON.stringify(
        items.map((i) => ({
          product_id: i.product_id,
          name: i.name,
          quantity: i.quantity - i.quantity_refunded,
          value: i.total - i.order_discount + (row.tax_inclusive ? 0 : i.tax),
        })),
      ),
      created_by_id: ctx.actor.id,
      created_by_name: ctx.actor.name,
      created_at: now,
    });
  }
  return { ...row, ...patch } as OrdersTable;
}

/** A refund worked out and written: the order after it, and what the fact of it needs. */
interface RefundDone {
  row: OrdersTable;
  refund: OrderRefund;
  full: boolean;
  lines: RefundedLine[];
}

/**
 * Refunds units of a completed order (all that is left when `requested` is null): stock comes
 * back through the ledger, the order's refunded value grows, and money is paid back to the extent
 * the customer has now paid more than the order is worth. The last refund of an order includes
 * its shipping and moves it to `refunded`. The caller publishes the `refunded` fact.
 */
async function refundLines(
  trx: Transaction<Database>,
  ctx: StoreContext,
  row: OrdersTable,
  requested: RefundRequest[] | null,
  reason: string,
  method: PaymentType = row.payment_type,
): Promise<RefundDone> {
  assertRefundable(row);
  const repo = ordersRepository(trx, ctx.storeId);
  const items = await repo.items([row.id]);
  const take = unitsToRefund(row, items, requested);
  const worth = refundWorth(row, items, take);
  const now = ctx.now.toISOString();
  const { amount, patch } = refundSettlement(row, worth, now);
  if (!(await repo.updateIf(row.id, { status: 'success', refunded_total: row.refunded_total }, patch))) {
    throw changedMeanwhile(row);
  }
  for (const [itemId, k] of take) {
    if (!(await repo.refundItem(itemId, k))) throw changedMeanwhile(row);
  }
  await returnStock(
    trx,
    ctx,
    row.id,
    items.filter((i) => take.has(i.id)).map((i) => ({ item: i, quantity: take.get(i.id)! })),
    'refund',
  );
  const refundRow = {
    id: newId(),
    store_id: ctx.storeId,
    order_id: row.id,
    reason,
    value: worth.value,
    amount,
    method,
    items: JSON.stringify(worth.items),
    created_by_id: ctx.actor.id,
    created_by_name: ctx.actor.name,
    created_at: now,
  };
  await repo.insertRefund(refundRow);
  return {
    row: { ...row, ...patch } as OrdersTable,
    refund: toRefund(refundRow),
    full: worth.full,
    lines: worth.lines,
  };
}

/**
 * Moves an order to `to` in the caller's transaction (the move is allowed): cancels, refunds what
 * is left, or sets the status while it is still as read. The answer's `refunded` is the refund
 * when the move was one.
 */
async function moveOrder(
  trx: Transaction<Database>,
  ctx: StoreContext,
  row: OrdersTable,
  to: OrderStatus,
  reason: string | null,
): Promise<{ updated: OrdersTable; refunded?: RefundDone }> {
  if (to === 'cancelled') return { updated: await cancelOrder(trx, ctx, row, reason) };
  if (to === 'refunded') {
    const refunded = await refundLines(trx, ctx, row, null, reason ?? 'Order refunded');
    return { updated: refunded.row, refunded };
  }
  const now = ctx.now.toISOString();
  const patch: Partial<OrdersTable> = { status: to, updated_at: now };
  if (to === 'success') patch.completed_at = now;
  if (!(await ordersRepository(trx, ctx.storeId).updateIf(row.id, { status: row.status }, patch))) {
    throw refusedTransition(await orderRowOr404(trx, ctx, row.id), to);
  }
  return { updated: { ...row, ...patch } as OrdersTable };
}

/**
 * Moves an order along `ORDER_TRANSITIONS`; anything else is a 409 naming the current status.
 * Cancelling returns the stock and the money received and gives the discount use back;
 * `refunded` refunds everything left.
 */
export async function changeOrderStatus(
  ctx: StoreContext,
  id: string,
  body: z.output<typeof updateOrderStatusBody>,
): Promise<Order> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await orderRowOr404(trx, ctx, id);
    const to = body.status;
    if (!ORDER_TRANSITIONS[row.status].includes(to)) throw refusedTransition(row, to);
    const [order] = await withTransfers(trx, ctx, [
      await changeStatusIn(trx, ctx, row, to, body.reason ?? null),
    ]);
    return order!;
  });
}

/**
 * Moves an order (as read in `trx`, the move allowed) to `to` in the caller's transaction, with
 * its audit row and its fact: the status route's path, which a transfer completing a sale takes
 * too (decision 0065).
 */
export async function changeStatusIn(
  trx: Transaction<Database>,
  ctx: StoreContext,
  row: OrdersTable,
  to: OrderStatus,
  reason: string | null,
): Promise<Order> {
  const id = row.id;
  const { updated, refunded } = await moveOrder(trx, ctx, row, to, reason);
  await writeAudit(trx, ctx, {
    action: `order.${to === 'success' ? 'completed' : to}`,
    entity: 'order',
    entityId: id,
    summary: `Order ${row.number}: ${row.status} → ${to}${reason ? ` (${reason})` : ''}`,
    before: { status: row.status, amount_refunded: row.amount_refunded },
    after: { status: to, amount_refunded: updated.amount_refunded },
  });
  const items = await ordersRepository(trx, ctx.storeId).items([id]);
  const order = toOrder(updated, items);
  await publishFacts(trx, ctx, [
    refunded
      ? // The status route answers with the order alone: the fact names no refund record.
        {
          kind: 'refunded',
          order,
          from: row.status,
          refund: null,
          outstanding_before: row.amount_outstanding,
          ...refundFigures(refunded),
        }
      : statusFact(order, row, items),
  ]);
  return order;
}

const refundFigures = (r: RefundDone) => ({
  value: r.refund.value,
  full: r.full,
  lines: r.lines,
  paid_back: r.refund.amount,
  method: r.refund.method,
});

/** `POST /order/{id}/refund`: in full or by lines, with a reason; idempotent with a key. */
export async function refundOrder(
  ctx: StoreContext,
  id: string,
  body: z.output<typeof refundOrderBody>,
  idempotencyKey: string | undefined,
): Promise<Outcome<RefundResult>> {
  return runIdempotent(ctx, idempotencyKey, `order.refund:${id}`, body, async (trx) => {
    const row = await orderRowOr404(trx, ctx, id);
    const refunded = await refundLines(trx, ctx, row, body.items ?? null, body.reason, body.method);
    const { row: updated, refund } = refunded;
    const full = updated.status === 'refunded';
    await writeAudit(trx, ctx, {
      action: full ? 'order.refunded' : 'order.partially_refunded',
      entity: 'order',
      entityId: id,
      summary: `Order ${row.number}: ${full ? 'refunded' : 'partly refunded'} ${money(ctx, refund.value)}, ${money(ctx, refund.amount)} paid back (${body.reason})`,
      before: { status: row.status, refunded_total: row.refunded_total },
      after: {
        status: updated.status,
        refunded_total: updated.refunded_total,
        items: refund.items.map((i) => ({ product_id: i.product_id, quantity: i.quantity })),
      },
    });
    const items = await ordersRepository(trx, ctx.storeId).items([id]);
    const order = toOrder(updated, items);
    await publishFacts(trx, ctx, [
      {
        kind: 'refunded',
        order,
        from: row.status,
        refund,
        outstanding_before: row.amount_outstanding,
        ...refundFigures(refunded),
      },
    ]);
    return { status: 201, body: { order, refund } };
  });
}
