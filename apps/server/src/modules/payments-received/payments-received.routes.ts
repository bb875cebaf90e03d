import { paymentsReceivedRoutes } from '@tillbook/contract/payments-received';
import type { FastifyInstance } from 'fastify';
import { ok, paged } from '../../lib/reply.js';
import { route } from '../../lib/route.js';
import * as payments from './payments-received.service.js';

const idempotencyKeyOf = (headers: Record<string, unknown>) => {
  const value = headers['idempotency-key'];
  return typeof value === 'string' ? value : undefined;
};

export function registerPaymentsReceivedRoutes(app: FastifyInstance): void {
  route(app, paymentsReceivedRoutes.list, async (ctx, { query }) =>
    paged(await payments.listPayments(ctx, query)),
  );
  route(app, paymentsReceivedRoutes.add, async (ctx, { body }, request) => {
    const outcome = await payments.addPayment(ctx, body, idempotencyKeyOf(request.headers));
    return ok(
      outcome.body,
      outcome.replayed ? 'Payment recorded (repeated request)' : 'Payment recorded',
      outcome.status,
    );
  });
  route(app, paymentsReceivedRoutes.get, async (ctx, { params }) =>
    ok(await payments.getPayment(ctx, params.id)),
  );
}
