import { tillTransfersRoutes } from '@tillbook/contract/till-transfers';
import type { FastifyInstance } from 'fastify';
import { ok, paged } from '../../lib/reply.js';
import { route } from '../../lib/route.js';
import { ignoreTransfer, listIncomingTransfers, matchTransfer } from './transfer-matching.js';
import { cancelWaitingSale } from './waiting-sale.service.js';

/** Transfers into the store's account and the "match it" queue (decision 0065). */
export function registerTillTransfersRoutes(app: FastifyInstance): void {
  route(app, tillTransfersRoutes.list, async (ctx, { query }) =>
    paged(await listIncomingTransfers(ctx, query)),
  );
  route(app, tillTransfersRoutes.match, async (ctx, { params, body, idempotencyKey }) => {
    const outcome = await matchTransfer(ctx, params.id, body, idempotencyKey);
    return ok(
      outcome.body,
      outcome.replayed ? 'Transfer matched (repeated request)' : 'Transfer matched',
      outcome.status,
    );
  });
  route(app, tillTransfersRoutes.cancelWaiting, async (ctx, { params }) =>
    ok(await cancelWaitingSale(ctx, params.id), 'Sale cancelled'),
  );
  route(app, tillTransfersRoutes.ignore, async (ctx, { params }) =>
    ok(await ignoreTransfer(ctx, params.id), 'Transfer left as a deposit'),
  );
}
