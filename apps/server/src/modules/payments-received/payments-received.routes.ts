import { paymentsReceivedRoutes } from '@tillbook/contract/payments-received';
import type { FastifyInstance } from 'fastify';
import { ok, paged } from '../../lib/reply.js';
import { sendCsv } from '../../lib/csv-export.js';
import { route } from '../../lib/route.js';
import { exportPayments } from './payments-received.export.js';
import * as payments from './payments-received.service.js';

export function registerPaymentsReceivedRoutes(app: FastifyInstance): void {
  route(app, paymentsReceivedRoutes.list, async (ctx, { query }) =>
    paged(await payments.listPayments(ctx, query)),
  );
  route(app, paymentsReceivedRoutes.export, async (ctx, { query }, _request, reply) =>
    sendCsv(ctx, reply, 'payments-received', await exportPayments(ctx, query)),
  );
  route(app, paymentsReceivedRoutes.get, async (ctx, { params }) =>
    ok(await payments.getPayment(ctx, params.id)),
  );
}
