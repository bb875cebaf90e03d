import type { RefundQuote, refundQuoteBody } from '@tillbook/contract/orders';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import type { StoreContext } from '../../lib/context.js';
import { paymentsOfOrder } from '../payments-received/payments-received.public.js';
import { assertRefundable, refundSettlement, refundWorth, unitsToRefund } from './order-refunds.js';
import { orderRowOr404 } from './order-returns.service.js';
import { ordersRepository } from './orders.repository.js';
import type { OrdersTable } from './orders.tables.js';

/**
 * The refund quote, a use case of its own: it writes nothing, so it stands apart from
 * order-returns.service.ts, which writes the refunds; both work a refund out with the functions
 * of order-refunds.ts.
 */

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The ways money goes back for an order: its payments' modes, the largest total first (a refund
 * is paid back the way the sale was paid), or the order's payment type when no payment was
 * recorded separately.
 */
async function refundMethods(db: Db, ctx: StoreContext, row: OrdersTable): Promise<string[]> {
  const byMode = new Map<string, number>();
  for (const p of await paymentsOfOrder(db, ctx, row.id)) {
    byMode.set(p.payment_mode, (byMode.get(p.payment_mode) ?? 0) + p.amount);
  }
  if (!byMode.size) return [row.payment_type];
  return [...byMode.entries()].sort((a, b) => b[1] - a[1]).map(([mode]) => mode);
}

/**
 * `POST /order/{id}/refund/quote`: the refund these units would make now, worked out by the same
 * functions as the refund itself, so the dialog shows what will happen before it is confirmed.
 * Nothing is written; the refund re-reads the order and works it out again.
 */
export async function quoteRefund(
  ctx: StoreContext,
  id: string,
  body: z.output<typeof refundQuoteBody>,
): Promise<RefundQuote> {
  const row = await orderRowOr404(ctx.db, ctx, id);
  assertRefundable(row);
  const items = await ordersRepository(ctx.db, ctx.storeId).items([row.id]);
  const worth = refundWorth(row, items, unitsToRefund(row, items, body.items ?? null));
  const { amount, patch } = refundSettlement(row, worth, ctx.now.toISOString());
  return {
    value: worth.value,
    amount,
    methods: amount > 0 ? await refundMethods(ctx.db, ctx, row) : [],
    outstanding_after: patch.amount_outstanding ?? row.amount_outstanding,
    full: worth.full,
    items: worth.items,
  };
}
