import {
  ORDER_TRANSITIONS,
  type Order,
  type OrderRefund,
  type OrderStatus,
  type RefundResult,
  type refundOrderBody,
  type updateOrderStatusBody,
} from '@tillbook/contract/orders';
import { shareOfUnits } from '@tillbook/contract/pricing';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { conflict, notFound, unprocessable, type AppError } from '../../lib/app-error.js';
import { writeAudit } from '../../lib/audit.js';
import type { StoreContext } from '../../lib/context.js';
import { runIdempotent, type Outcome } from '../../lib/idempotency.js';
import { newId } from '../../lib/ids.js';
import { releaseDiscountUse } from '../discounts/discounts.public.js';
import { applyStockMovements, getProductsForSale } from '../products/products.public.js';
import { recordCancellation, recordCompletion, recordRefund } from '../reports/reports.public.js';
import { raiseWebhookEvents } from '../webhooks/webhooks.public.js';
import { balanceOf, money, STATUS_WORD } from './order-basics.js';
import { ordersRepository, toOrder, toRefund } from './orders.repository.js';
import type { OrderItemsTable, OrdersTable } from './orders.tables.js';
import type { RefundedLine } from '../reports/reports.public.js';

/** Status changes, cancellation and refunds: stock and money going back. */

type Db = Kysely<Database> | Transaction<Database>;

async function orderRowOr404(db: Db, ctx: StoreContext, id: string): Promise<OrdersTable> {
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

/** Products of some lines that still exist (a line may name a product deleted since). */
async function existingProducts(trx: Transaction<Database>, ctx: StoreContext, ids: string[]) {
  return new Set((await getProductsForSale(trx, ctx, [...new Set(ids)])).map((p) => p.id));
}

async function returnStock(
  trx: Transaction<Database>,
  ctx: StoreContext,
  orderId: string,
  lines: Array<{ productId: string; quantity: number }>,
  reason: 'cancellation' | 'refund',
): Promise<void> {
  const existing = await existingProducts(
    trx,
    ctx,
    lines.map((l) => l.productId),
  );
  const movements = lines
    .filter((l) => l.quantity > 0 && existing.has(l.productId))
    .map((l) => ({
      productId: l.productId,
      change: l.quantity,
      reason,
      referenceType: 'order',
      referenceId: orderId,
    }));
  if (movements.length) await applyStockMovements(trx, ctx, movements);
}

/**
 * Cancels an order: the money received is refunded, the discount use given back, and the stock
 * returned unless `stockTaken` is false (an offline sale whose stock was held, decision 0036).
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
  const total = Number(row.total);
  const received = Number(row.amount_received);
  const kept = received - Number(row.amount_refunded);
  const after = {
    total,
    refunded_total: total,
    amount_received: received,
    amount_refunded: received,
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
  if (
    !(await repo.updateIf(row.id, { status: row.status, refunded_total: Number(row.refunded_total) }, patch))
  ) {
    throw changedMeanwhile(row);
  }
  const items = await repo.items([row.id]);
  if (stockTaken) {
    await returnStock(
      trx,
      ctx,
      row.id,
      items.map((i) => ({
        productId: i.product_id,
        quantity: Number(i.quantity) - Number(i.quantity_refunded),
      })),
      'cancellation',
    );
  }
  if (row.discount_id) await releaseDiscountUse(trx, ctx, row.discount_id);
  await recordCancellation(trx, ctx, row);
  if (kept > 0) {
    await repo.insertRefund({
      id: newId(),
      store_id: ctx.storeId,
      order_id: row.id,
      reason: reason ?? 'Order cancelled',
      value: total - Number(row.refunded_total),
      amount: kept,
      items: JSON.stringify(
        items.map((i) => ({
          product_id: i.product_id,
          name: i.name,
          quantity: Number(i.quantity) - Number(i.quantity_refunded),
          value: Number(i.total) - Number(i.order_discount) + (row.tax_inclusive ? 0 : Number(i.tax)),
        })),
      ),
      created_by_id: ctx.actor.id,
      created_by_name: ctx.actor.name,
      created_at: now,
    });
  }
  return { ...row, ...patch } as OrdersTable;
}

/** What a line is worth to the customer: its total less its share of the discount, plus its tax. */
const lineValue = (item: OrderItemsTable, taxInclusive: boolean) =>
  Number(item.total) - Number(item.order_discount) + (taxInclusive ? 0 : Number(item.tax));

/**
 * Refunds units of a completed order (all that is left when `requested` is null): stock comes
 * back through the ledger, the order's refunded value grows, and money is paid back to the extent
 * the customer has now paid more than the order is worth. The last refund of an order includes
 * its shipping and moves it to `refunded`.
 */
async function refundLines(
  trx: Transaction<Database>,
  ctx: StoreContext,
  row: OrdersTable,
  requested: Array<{ product_id: string; quantity: number }> | null,
  reason: string,
): Promise<{ row: OrdersTable; refund: OrderRefund }> {
  if (row.status !== 'success') {
    throw conflict(
      row.status === 'refunded'
        ? `Order ${row.number} is already refunded in full.`
        : `Only completed orders can be refunded; order ${row.number} is ${row.status}.${row.status === 'pending' || row.status === 'processing' ? ' Cancel it instead.' : ''}`,
    );
  }
  const repo = ordersRepository(trx, ctx.storeId);
  const items = await repo.items([row.id]);
  const left = (i: OrderItemsTable) => Number(i.quantity) - Number(i.quantity_refunded);
  const take = new Map<string, number>();
  if (requested) {
    const problems: Record<string, string> = {};
    const sentences: string[] = [];
    requested.forEach((r, index) => {
      const lines = items.filter((i) => i.product_id === r.product_id);
      if (!lines.length) {
        problems[`items.${index}.product_id`] = 'This product is not on the order';
        sentences.push(`A product of the refund is not on order ${row.number}`);
        return;
      }
      const available = lines.reduce((s, i) => s + left(i), 0);
      if (r.quantity > available) {
        problems[`items.${index}.quantity`] = `Only ${available} can be refunded`;
        sentences.push(`Only ${available} of "${lines[0]!.name}" can be refunded`);
        return;
      }
      let wanted = r.quantity;
      for (const line of lines) {
        const k = Math.min(wanted, left(line));
        if (k > 0) take.set(line.id, k);
        wanted -= k;
      }
    });
    if (sentences.length) throw unprocessable(`${sentences.join('. ')}.`, problems);
  } else {
    for (const item of items) if (left(item) > 0) take.set(item.id, left(item));
  }

  const inclusive = row.tax_inclusive === 1;
  const full = items.every((i) => left(i) === (take.get(i.id) ?? 0));
  let value = 0;
  const refundItems: OrderRefund['items'] = [];
  const refundedLines: RefundedLine[] = [];
  for (const item of items) {
    const k = take.get(item.id);
    if (!k) continue;
    const v = shareOfUnits(
      lineValue(item, inclusive),
      Number(item.quantity),
      Number(item.quantity_refunded),
      k,
    );
    value += v;
    refundItems.push({ product_id: item.product_id, name: item.name, quantity: k, value: v });
    refundedLines.push({
      product_id: item.product_id,
      units: k,
      // Revenue in the figures is the line after discounts without its tax (decision 0031).
      revenue: shareOfUnits(
        Number(item.total) - Number(item.order_discount),
        Number(item.quantity),
        Number(item.quantity_refunded),
        k,
      ),
      cost_price: item.cost_price === null ? null : Number(item.cost_price),
    });
  }
  const total = Number(row.total);
  const refundedBefore = Number(row.refunded_total);
  // The last refund settles the order exactly, shipping included.
  if (full) value = total - refundedBefore;

  const received = Number(row.amount_received);
  const refundedMoney = Number(row.amount_refunded);
  const kept = received - refundedMoney;
  const netAfter = total - refundedBefore - value;
  const amount = Math.max(0, kept - netAfter);
  const after = {
    total,
    refunded_total: refundedBefore + value,
    amount_received: received,
    amount_refunded: refundedMoney + amount,
  };
  const balance = balanceOf(after);
  const now = ctx.now.toISOString();
  const patch: Partial<OrdersTable> = {
    status: full ? 'refunded' : 'success',
    refunded_total: after.refunded_total,
    amount_refunded: after.amount_refunded,
    amount_outstanding: balance.outstanding,
    payment_state: balance.state,
    refunded_at: full ? now : row.refunded_at,
    updated_at: now,
  };
  if (!(await repo.updateIf(row.id, { status: 'success', refunded_total: refundedBefore }, patch))) {
    throw changedMeanwhile(row);
  }
  for (const [itemId, k] of take) {
    if (!(await repo.refundItem(itemId, k))) throw changedMeanwhile(row);
  }
  await returnStock(
    trx,
    ctx,
    row.id,
    items.filter((i) => take.has(i.id)).map((i) => ({ productId: i.product_id, quantity: take.get(i.id)! })),
    'refund',
  );
  // After the stock, as a sale takes its locks: products first, then the day's figures.
  await recordRefund(trx, ctx, row, { value, full, lines: refundedLines });
  const refundRow = {
    id: newId(),
    store_id: ctx.storeId,
    order_id: row.id,
    reason,
    value,
    amount,
    items: JSON.stringify(refundItems),
    created_by_id: ctx.actor.id,
    created_by_name: ctx.actor.name,
    created_at: now,
  };
  await repo.insertRefund(refundRow);
  return { row: { ...row, ...patch } as OrdersTable, refund: toRefund(refundRow) };
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
    const repo = ordersRepository(trx, ctx.storeId);
    const row = await orderRowOr404(trx, ctx, id);
    const to = body.status;
    if (!ORDER_TRANSITIONS[row.status].includes(to)) throw refusedTransition(row, to);
    const now = ctx.now.toISOString();
    let updated: OrdersTable;
    if (to === 'cancelled') {
      updated = await cancelOrder(trx, ctx, row, body.reason ?? null);
    } else if (to === 'refunded') {
      updated = (await refundLines(trx, ctx, row, null, body.reason ?? 'Order refunded')).row;
    } else {
      const patch: Partial<OrdersTable> = { status: to, updated_at: now };
      if (to === 'success') patch.completed_at = now;
      if (!(await repo.updateIf(id, { status: row.status }, patch))) {
        const current = await orderRowOr404(trx, ctx, id);
        throw refusedTransition(current, to);
      }
      updated = { ...row, ...patch } as OrdersTable;
      if (to === 'success') await recordCompletion(trx, ctx, updated, await repo.items([id]));
    }
    await writeAudit(trx, ctx, {
      action: `order.${to === 'success' ? 'completed' : to}`,
      entity: 'order',
      entityId: id,
      summary: `Order ${row.number}: ${row.status} → ${to}${body.reason ? ` (${body.reason})` : ''}`,
      before: { status: row.status, amount_refunded: Number(row.amount_refunded) },
      after: { status: to, amount_refunded: Number(updated.amount_refunded) },
    });
    const order = toOrder(updated, await repo.items([id]));
    await raiseWebhookEvents(trx, ctx.storeId, ctx.now, [
      { type: 'order.status_changed', data: { order, from: row.status, to } },
      ...(to === 'refunded' ? [{ type: 'order.refunded' as const, data: { order } }] : []),
    ]);
    return order;
  });
}

/** `POST /order/{id}/refund`: in full or by lines, with a reason; idempotent with a key. */
export async function refundOrder(
  ctx: StoreContext,
  id: string,
  body: z.output<typeof refundOrderBody>,
  idempotencyKey: string | undefined,
): Promise<Outcome<RefundResult>> {
  return runIdempotent(ctx, idempotencyKey, `order.refund:${id}`, body, async (trx) => {
    const row = await orderRowOr404(trx, ctx, id);
    const { row: updated, refund } = await refundLines(trx, ctx, row, body.items ?? null, body.reason);
    const full = updated.status === 'refunded';
    await writeAudit(trx, ctx, {
      action: full ? 'order.refunded' : 'order.partially_refunded',
      entity: 'order',
      entityId: id,
      summary: `Order ${row.number}: ${full ? 'refunded' : 'partly refunded'} ${money(ctx, refund.value)}, ${money(ctx, refund.amount)} paid back (${body.reason})`,
      before: { status: row.status, refunded_total: Number(row.refunded_total) },
      after: {
        status: updated.status,
        refunded_total: Number(updated.refunded_total),
        items: refund.items.map((i) => ({ product_id: i.product_id, quantity: i.quantity })),
      },
    });
    const items = await ordersRepository(trx, ctx.storeId).items([id]);
    const order = toOrder(updated, items);
    await raiseWebhookEvents(trx, ctx.storeId, ctx.now, [
      { type: 'order.refunded', data: { order, refund } },
      ...(updated.status !== row.status
        ? [{ type: 'order.status_changed' as const, data: { order, from: row.status, to: updated.status } }]
        : []),
    ]);
    return { status: 201, body: { order, refund } };
  });
}
