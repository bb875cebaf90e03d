import { MESSAGES } from '@tillbook/contract/constants';
import { discountsRoutes } from '@tillbook/contract/discounts';
import type { FastifyInstance } from 'fastify';
import { ok, paged } from '../../lib/reply.js';
import { sendCsv } from '../../lib/csv-export.js';
import { route } from '../../lib/route.js';
import { exportDiscounts } from './discounts.export.js';
import * as discounts from './discounts.service.js';

export function registerDiscountsRoutes(app: FastifyInstance): void {
  route(app, discountsRoutes.list, async (ctx, { query }) =>
    paged(await discounts.listDiscounts(ctx, query)),
  );
  route(app, discountsRoutes.export, async (ctx, { query }, _request, reply) =>
    sendCsv(ctx, reply, 'discounts', await exportDiscounts(ctx, query)),
  );
  route(app, discountsRoutes.create, async (ctx, { body }) =>
    ok(await discounts.createDiscount(ctx, body), MESSAGES.discountAdded, 201),
  );
  route(app, discountsRoutes.autoCreate, async (ctx) =>
    ok(await discounts.autoCreateDiscount(ctx), 'Discount generated successfully', 201),
  );
  route(app, discountsRoutes.search, async (ctx, { params, query }) =>
    paged(await discounts.searchDiscounts(ctx, params.term, query)),
  );
  route(app, discountsRoutes.filter, async (ctx, { params, query }) =>
    paged(await discounts.filterDiscounts(ctx, params.f, query)),
  );
  route(app, discountsRoutes.get, async (ctx, { params }) => ok(await discounts.getDiscount(ctx, params.id)));
  route(app, discountsRoutes.update, async (ctx, { params, body }) =>
    ok(await discounts.updateDiscount(ctx, params.id, body), 'Discount updated successfully'),
  );
}
