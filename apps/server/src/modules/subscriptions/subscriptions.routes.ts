import { subscriptionsRoutes } from '@tillbook/contract/subscriptions';
import type { FastifyInstance } from 'fastify';
import { ok, paged } from '../../lib/reply.js';
import { route } from '../../lib/route.js';
import * as subscriptions from './subscriptions.service.js';

export function registerSubscriptionsRoutes(app: FastifyInstance): void {
  route(app, subscriptionsRoutes.current, async (ctx) => ok(await subscriptions.getCurrentSubscription(ctx)));
  route(app, subscriptionsRoutes.all, async (ctx) => ok(subscriptions.listPlans(ctx)));
  route(app, subscriptionsRoutes.history, async (ctx, { query }) =>
    paged(await subscriptions.listSubscriptions(ctx, query)),
  );
  route(app, subscriptionsRoutes.subscribe, async (ctx, { body, idempotencyKey }) => {
    const { answer, message } = await subscriptions.subscribe(ctx, body, idempotencyKey);
    return ok(answer, message);
  });
}
