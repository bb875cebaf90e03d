import { tillRoutes } from '@tillbook/contract/till';
import type { FastifyInstance } from 'fastify';
import { tillOwnerOf } from '../../lib/browser-device.js';
import { ok } from '../../lib/reply.js';
import { route } from '../../lib/route.js';
import * as till from './till.service.js';

export function registerTillRoutes(app: FastifyInstance): void {
  route(app, tillRoutes.changes, async (ctx, { query }, request) =>
    ok(
      await till.tillChanges(
        ctx,
        query.since,
        query.device ? { id: query.device, owner: tillOwnerOf(request, ctx) } : undefined,
      ),
    ),
  );
  route(app, tillRoutes.settings, async (ctx) => ok(await till.getTillSettings(ctx)));
  route(app, tillRoutes.updateSettings, async (ctx, { body }) =>
    ok(await till.updateTillSettings(ctx, body), 'Offline sales settings saved'),
  );
  route(app, tillRoutes.favourites, async (ctx) => ok(await till.tillFavourites(ctx)));
  route(app, tillRoutes.pinFavourite, async (ctx, { params, body }) =>
    ok(
      await till.pinFavourite(ctx, params.id, body.pinned),
      body.pinned ? 'Pinned to the till' : 'Unpinned from the till',
    ),
  );
  route(app, tillRoutes.topSellers, async (ctx) => ok(await till.tillTopSellers(ctx)));
}
