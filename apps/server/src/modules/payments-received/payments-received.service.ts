import type {
  addPaymentBody,
  PaymentReceived,
  paymentListQuery,
  RecordedPayment,
} from '@tillbook/contract/payments-received';
import type { z } from 'zod';
import { notFound, unprocessable } from '../../lib/app-error.js';
import { writeAudit } from '../../lib/audit.js';
import type { StoreContext } from '../../lib/context.js';
import { runIdempotent, type Outcome } from '../../lib/idempotency.js';
import type { Page } from '../../lib/pagination.js';
import { endInstant, startInstant } from '../discounts/discount-dates.js';
import { formatMoney } from '../orders/money-text.js';
import { receiveOrderPayment } from '../orders/orders.service.js';
import { insertPayment } from './payment-records.service.js';
import { paymentsRepository, toPayment } from './payments-received.repository.js';

export async function listPayments(
  ctx: StoreContext,
  q: z.output<typeof paymentListQuery>,
): Promise<Page<PaymentReceived>> {
  const tz = ctx.access.store.timezone;
  const page = await paymentsRepository(ctx.db, ctx.storeId).list({
    ...q,
    from: startInstant(q.from, tz) ?? undefined,
    to: endInstant(q.to, tz) ?? undefined,
  });
  return { items: page.items.map(toPayment), pagination: page.pagination };
}

export async function getPayment(ctx: StoreContext, id: string): Promise<PaymentReceived> {
  const row = await paymentsRepository(ctx.db, ctx.storeId).get(id);
  if (!row) throw notFound('Payment');
  return toPayment(row);
}

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
