import type { OrderPayment } from '@tillbook/contract/orders';
import type { PaymentMode, PaymentReceived, PaymentSource } from '@tillbook/contract/payments-received';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { StoreContext } from '../../lib/context.js';
import { bumpCounter, formatNumber, type NumberSequence } from '../../lib/counters.js';
import { newId } from '../../lib/ids.js';
import { raiseWebhookEvents } from '../webhooks/webhooks.public.js';
import { paymentsRepository, toPayment } from './payments-received.repository.js';
import type { PaymentsReceivedTable } from './payments-received.tables.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * What other modules may use of the payments-received ledger (decision 0025): the orders module
 * writes a sale's payment with the sale's rows, records later payments against an order, and
 * shows an order's payments on its detail.
 */

export const PAYMENT_SEQUENCE = 'payments_received.number';

/** `PAY-000012`, from the store's `payments_received.number` counter. */
export const PAYMENT_NUMBERS: NumberSequence = { counter: PAYMENT_SEQUENCE, prefix: 'PAY-', width: 6 };
export const paymentNumber = (n: number) => formatNumber(PAYMENT_NUMBERS, n);

export interface NewPayment {
  order: { id: string; number: string; customerId: string | null; customerName: string | null };
  amount: number;
  mode: PaymentMode;
  /** ISO instant; defaults to now. */
  paymentDate?: string | null;
  reference?: string | null;
  note?: string | null;
  source: PaymentSource;
  /** The payment's number when the caller took it already (with the order's, in one statement). */
  number?: string;
}

/** A payment's row, for a caller that writes it with others (an `InsertBatch`); `input.number` is required. */
export function paymentRow(
  ctx: Pick<StoreContext, 'storeId' | 'now' | 'actor'>,
  input: NewPayment & { number: string },
): PaymentsReceivedTable {
  const now = ctx.now.toISOString();
  return {
    id: newId(),
    store_id: ctx.storeId,
    number: input.number,
    order_id: input.order.id,
    order_number: input.order.number,
    customer_id: input.order.customerId,
    customer_name: input.order.customerName,
    amount: input.amount,
    payment_mode: input.mode,
    payment_date: input.paymentDate ?? now,
    reference: input.reference ?? null,
    note: input.note ?? null,
    source: input.source,
    recorded_by_id: ctx.actor?.id ?? null,
    recorded_by_name: ctx.actor?.name ?? null,
    created_at: now,
  };
}

/** A payment as the `payment.received` webhook sends it (decision 0034). */
export function paymentEventData(row: PaymentsReceivedTable) {
  return {
    id: row.id,
    number: row.number,
    order_id: row.order_id,
    order_number: row.order_number,
    customer_id: row.customer_id,
    amount: row.amount,
    payment_mode: row.payment_mode,
    payment_date: row.payment_date,
    reference: row.reference,
    source: row.source,
    created_at: row.created_at,
  };
}

/**
 * Writes a payment row with the store's next `PAY-` number, in the caller's transaction (the
 * one that raises the order's amount received), so numbers have no gaps and a payment exists
 * exactly when the order counts it.
 */
export async function insertPayment(
  trx: Transaction<Database>,
  ctx: Pick<StoreContext, 'storeId' | 'now' | 'actor'>,
  input: NewPayment,
): Promise<PaymentReceived> {
  const number = input.number ?? paymentNumber(await bumpCounter(trx, ctx.storeId, PAYMENT_SEQUENCE, 1));
  const row = paymentRow(ctx, { ...input, number });
  await paymentsRepository(trx, ctx.storeId).insert(row);
  await raiseWebhookEvents(trx, ctx.storeId, ctx.now, [
    { type: 'payment.received', data: paymentEventData(row) },
  ]);
  return toPayment(row);
}

/** The payments of an order, oldest first, as its detail shows them. */
export async function paymentsOfOrder(
  db: Db,
  ctx: Pick<StoreContext, 'storeId'>,
  orderId: string,
): Promise<OrderPayment[]> {
  const rows = await paymentsRepository(db, ctx.storeId).forOrder(orderId);
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    amount: r.amount,
    payment_mode: r.payment_mode,
    payment_date: r.payment_date,
    reference: r.reference,
  }));
}
