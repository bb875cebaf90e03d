import type { PaymentState, PaymentType } from '@tillbook/contract/orders';
import type { addPaymentBody, RecordedPayment } from '@tillbook/contract/payments-received';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { AppError, conflict, unprocessable } from '../../lib/app-error.js';
import { writeAudit } from '../../lib/audit.js';
import type { StoreContext } from '../../lib/context.js';
import { runIdempotent, type Outcome } from '../../lib/idempotency.js';
import { startInstant } from '../../lib/local-dates.js';
import { formatMoney } from '../../lib/money-text.js';
import type { OrderFact, ReceivedPayment } from '../../lib/order-facts.js';
import { insertPayment } from '../payments-received/payments-received.public.js';
import { publishFacts } from './order-facts.js';
import { money } from './order-basics.js';
import { ordersRepository } from './orders.repository.js';

/**
 * Money received for an order after it was placed (`POST /payment_received/add_payment`, in the
 * payments' route table): the order's amount received rises and the payment is written to the
 * payments-received ledger, in one transaction. The ledger is the payments-received module's.
 */

export interface OrderPaymentIntake {
  order: { id: string; number: string; customerId: string | null; customerName: string | null };
  payment_type: PaymentType;
  amount_received: number;
  amount_outstanding: number;
  payment_state: PaymentState;
}

/**
 * Raises an order's amount received inside the caller's transaction: one conditional update, so
 * two payments at once cannot take it past its total. 404 for an order of another store, 409
 * when it no longer takes payments, 422 when the amount is more than what is owed.
 */
export async function receiveOrderPayment(
  trx: Transaction<Database>,
  ctx: StoreContext,
  input: { orderId: string; amount: number; customerId?: string | null },
): Promise<OrderPaymentIntake> {
  const repo = ordersRepository(trx, ctx.storeId);
  const row = await repo.getRow(input.orderId);
  if (!row) {
    throw new AppError('NOT_FOUND', 'Order not found', {
      fields: { order_id: 'There is no such order in this store' },
    });
  }
  if (input.customerId && input.customerId !== row.customer_id) {
    throw unprocessable(`Order ${row.number} is not for this customer.`, {
      customer_id: 'This order belongs to another customer',
    });
  }
  const updated = await repo.receivePayment(row.id, input.amount, ctx.now.toISOString());
  if (!updated) {
    const current = (await repo.getRow(row.id))!;
    if (current.status === 'cancelled' || current.status === 'refunded') {
      throw conflict(`Order ${row.number} is ${current.status}; it cannot take payments.`);
    }
    const outstanding = current.amount_outstanding;
    if (outstanding === 0) {
      throw unprocessable(`Order ${row.number} is already paid in full.`, {
        amount: 'Nothing is owed on this order',
      });
    }
    throw unprocessable(
      `The amount (${money(ctx, input.amount)}) is more than the ${money(ctx, outstanding)} outstanding on order ${row.number}.`,
      { amount: `At most ${money(ctx, outstanding)}` },
    );
  }
  return {
    order: { id: row.id, number: row.number, customerId: row.customer_id, customerName: row.customer_name },
    payment_type: row.payment_type,
    amount_received: updated.amount_received,
    amount_outstanding: updated.amount_outstanding,
    payment_state: updated.payment_state,
  };
}

/** The `paid` fact of a payment received after the sale. */
export const paidFact = (
  payment: ReceivedPayment,
  intake: Pick<OrderPaymentIntake, 'payment_type' | 'payment_state'>,
): OrderFact => ({
  kind: 'paid',
  payment,
  order: { payment_type: intake.payment_type, payment_state: intake.payment_state },
});

/**
 * Records money received against an order: the order's amount received rises by a conditional
 * update (never past what is owed), the payment gets the next `PAY-` number, and both happen in
 * one transaction with the audit row. With an `Idempotency-Key`, a repeat records nothing again.
 */
export async function addPayment(
  ctx: StoreContext,
  body: z.output<typeof addPaymentBody>,
  idempotencyKey: string | undefined,
): Promise<Outcome<RecordedPayment>> {
  const paymentDate = startInstant(body.payment_date, ctx.access.store.timezone);
  if (paymentDate && paymentDate > ctx.now.toISOString()) {
    throw unprocessable('The payment date cannot be in the future.', {
      payment_date: 'Cannot be in the future',
    });
  }
  return runIdempotent(ctx, idempotencyKey, 'payment_received.add', body, async (trx) => {
    const intake = await receiveOrderPayment(trx, ctx, {
      orderId: body.order_id,
      amount: body.amount,
      customerId: body.customer_id ?? null,
    });
    const payment = await insertPayment(trx, ctx, {
      order: intake.order,
      amount: body.amount,
      mode: body.payment_mode,
      paymentDate,
      reference: body.reference ?? null,
      note: body.note ?? null,
      source: 'payment',
    });
    // The ledger raised the payment's webhook itself; the fact is for the other subscribers.
    await publishFacts(trx, ctx, [paidFact(payment, intake)]);
    await writeAudit(trx, ctx, {
      action: 'payment_received.recorded',
      entity: 'payment_received',
      entityId: payment.id,
      summary: `Payment ${payment.number} of ${formatMoney(body.amount, ctx.access.store.currency)} received for order ${intake.order.number} (${body.payment_mode})`,
      after: {
        number: payment.number,
        order_id: intake.order.id,
        amount: body.amount,
        payment_mode: body.payment_mode,
        reference: body.reference ?? null,
        order_amount_outstanding: intake.amount_outstanding,
      },
    });
    return {
      status: 201,
      body: {
        ...payment,
        order_amount_received: intake.amount_received,
        order_amount_outstanding: intake.amount_outstanding,
        order_payment_state: intake.payment_state,
      },
    };
  });
}
