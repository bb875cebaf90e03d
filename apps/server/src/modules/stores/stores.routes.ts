import { MESSAGES } from '@tillbook/contract/constants';
import { storesRoutes } from '@tillbook/contract/stores';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/reply.js';
import { route } from '../../lib/route.js';
import * as stores from './stores.service.js';

export function registerStoresRoutes(app: FastifyInstance): void {
  route(app, storesRoutes.list, async (ctx) => ok(await stores.listStores(ctx)));
  route(app, storesRoutes.create, async (ctx, { body }) =>
    ok(await stores.createStore(ctx, body), MESSAGES.storeCreated, 201),
  );
  route(app, storesRoutes.addBranch, async (ctx, { body }) =>
    ok(await stores.addBranch(ctx, body), 'Branch added', 201),
  );
  route(app, storesRoutes.switch, async (ctx, { body }) =>
    ok(await stores.switchStore(ctx, body.store_id), 'Store switched'),
  );
  route(app, storesRoutes.details, async (ctx, { body }) =>
    ok(await stores.updateStoreDetails(ctx, body), 'Saved!!'),
  );
  route(app, storesRoutes.currency, async (ctx, { body }) =>
    ok(await stores.updateStoreCurrency(ctx, body), 'Saved!!'),
  );
  // `storesRoutes.address` is registered by the reports module: a new time zone moves the sales
  // figures in the same transaction (decision 0031; decision 0025, rule 4).
  route(app, storesRoutes.brandPhoto, async (ctx, _input, request) =>
    ok(await stores.uploadBrandPhoto(ctx, request), 'Logo uploaded'),
  );
}
