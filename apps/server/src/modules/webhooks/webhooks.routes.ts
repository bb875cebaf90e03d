import { webhooksRoutes } from '@tillbook/contract/webhooks';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Deps } from '../../lib/context.js';
import { runEverySeconds } from '../../lib/background-rounds.js';
import { ok, paged } from '../../lib/reply.js';
import { route } from '../../lib/route.js';
import { deliverDueWebhooks } from './webhook-delivery.js';
import * as webhooks from './webhooks.service.js';

export function registerWebhooksRoutes(app: FastifyInstance): void {
  route(app, webhooksRoutes.endpoints, async (ctx) => ok(await webhooks.listEndpoints(ctx)));
  route(app, webhooksRoutes.createEndpoint, async (ctx, { body }) =>
    ok(await webhooks.createEndpoint(ctx, body), 'Webhook endpoint added', 201),
  );
  route(app, webhooksRoutes.updateEndpoint, async (ctx, { params, body }) =>
    ok(await webhooks.updateEndpoint(ctx, params.id, body), 'Webhook endpoint saved'),
  );
  route(app, webhooksRoutes.deleteEndpoint, async (ctx, { params }) =>
    ok(await webhooks.deleteEndpoint(ctx, params.id), 'Webhook endpoint deleted'),
  );
  route(app, webhooksRoutes.deliveries, async (ctx, { query }) =>
    paged(await webhooks.listDeliveries(ctx, query)),
  );
  route(app, webhooksRoutes.resend, async (ctx, { params }) =>
    ok(await webhooks.resendDelivery(ctx, params.id), 'Delivery queued to be sent again'),
  );
}

/**
 * Sends due webhook deliveries every `WEBHOOK_WORKER_SECONDS` once the app is ready (decision
 * 0034; 0 turns it off in this process: the API tests run rounds themselves).
 */
export function startWebhookWorker(app: FastifyInstance, db: Kysely<Database>, deps: Deps): void {
  runEverySeconds(app, deps.config.WEBHOOK_WORKER_SECONDS, 'webhook worker', () =>
    deliverDueWebhooks(db, deps),
  );
}
