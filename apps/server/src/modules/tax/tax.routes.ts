import { taxRoutes } from '@tillbook/contract/tax';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/reply.js';
import { route } from '../../lib/route.js';
import * as tax from './tax.service.js';

export function registerTaxRoutes(app: FastifyInstance): void {
  route(app, taxRoutes.create, async (ctx, { body }) =>
    ok(await tax.createTaxRule(ctx, body), 'Tax rule added', 201),
  );
  route(app, taxRoutes.listForStore, async (ctx, { params }) => ok(await tax.listTaxRules(ctx, params.id)));
  route(app, taxRoutes.update, async (ctx, { params, body }) =>
    ok(await tax.updateTaxRule(ctx, params.id, body), 'Tax rule updated'),
  );
  route(app, taxRoutes.remove, async (ctx, { params }) =>
    ok(await tax.deleteTaxRule(ctx, params.id), 'Tax rule deleted'),
  );
}
