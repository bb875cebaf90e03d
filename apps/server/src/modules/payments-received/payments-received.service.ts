import type { PaymentReceived, paymentListQuery } from '@tillbook/contract/payments-received';
import type { z } from 'zod';
import { notFound } from '../../lib/app-error.js';
import type { StoreContext } from '../../lib/context.js';
import { endInstant, startInstant } from '../../lib/local-dates.js';
import type { Page } from '../../lib/pagination.js';
import { paymentsRepository, toPayment } from './payments-received.repository.js';

/**
 * The payments-received ledger as its screens read it. A payment for an order is recorded by the
 * orders module (`order-payments.service.ts`), which decides what the order still owes.
 */

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
