import { paymentsReceivedRoutes } from '@tillbook/contract/payments-received';
import type { FastifyInstance } from 'fastify';
import { ok, paged } from '../../lib/reply.js';
import { route } from '../../lib/route.js';
import * as payments from './payments-received.service.js';

export function registerPaymentsReceivedRoutes(app: FastifyInstance): void {
  route(app, paymentsReceivedRoutes.list, async (ctx, { query }) =>
    paged(await payments.listPayments(ctx, query)),
  );
  route(app, paymentsReceivedRoutes.get, async (ctx, { params }) =>
    ok(await payments.getPayment(ctx, params.id)),
  );
}
