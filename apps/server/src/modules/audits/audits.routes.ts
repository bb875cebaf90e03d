import { auditsRoutes } from '@tillbook/contract/audits';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/app-error.js';
import { paged, ok } from '../../lib/reply.js';
import { sendCsv } from '../../lib/csv-export.js';
import { route } from '../../lib/route.js';
import { exportAudits } from './audits.export.js';
import { auditsRepository } from './audits.repository.js';

export function registerAuditsRoutes(app: FastifyInstance): void {
  route(app, auditsRoutes.list, async (ctx, { query }) =>
    paged(await auditsRepository(ctx.db, ctx.storeId).list(query)),
  );
  route(app, auditsRoutes.export, async (ctx, { query }, _request, reply) =>
    sendCsv(ctx, reply, 'audit-log', await exportAudits(ctx, query)),
  );
  route(app, auditsRoutes.search, async (ctx, { params, query }) =>
    paged(await auditsRepository(ctx.db, ctx.storeId).list({ ...query, search: params.term })),
  );
  route(app, auditsRoutes.get, async (ctx, { params }) => {
    const entry = await auditsRepository(ctx.db, ctx.storeId).get(params.id);
    if (!entry) throw notFound('Audit entry');
    return ok(entry);
  });
}
