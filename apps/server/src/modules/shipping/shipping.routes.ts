import { shippingRoutes } from '@tillbook/contract/shipping';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/reply.js';
import { route } from '../../lib/route.js';
import * as shipping from './shipping.service.js';

export function registerShippingRoutes(app: FastifyInstance): void {
  route(app, shippingRoutes.create, async (ctx, { body }) =>
    ok(await shipping.createShippingRate(ctx, body), 'Shipping rate added', 201),
  );
  route(app, shippingRoutes.listForStore, async (ctx, { params }) =>
    ok(await shipping.listShippingRates(ctx, params.id)),
  );
  route(app, shippingRoutes.update, async (ctx, { params, body }) =>
    ok(await shipping.updateShippingRate(ctx, params.id, body), 'Shipping rate updated'),
  );
  route(app, shippingRoutes.remove, async (ctx, { params }) =>
    ok(await shipping.deleteShippingRate(ctx, params.id), 'Shipping rate deleted'),
  );
}
