import { shiftsRoutes } from '@tillbook/contract/shifts';
import type { FastifyInstance } from 'fastify';
import { sendCsv } from '../../lib/csv-export.js';
import { ok, paged } from '../../lib/reply.js';
import { route } from '../../lib/route.js';
import { renderShiftReportPdf } from './shift-report-pdf.js';
import { exportShifts } from './shifts.export.js';
import * as shifts from './shifts.service.js';

export function registerShiftsRoutes(app: FastifyInstance): void {
  route(app, shiftsRoutes.open, async (ctx, { body, idempotencyKey }) => {
    const outcome = await shifts.openShift(ctx, body, idempotencyKey);
    return ok(
      outcome.body,
      outcome.replayed ? 'Shift opened (repeated request)' : 'Shift opened',
      outcome.status,
    );
  });
  route(app, shiftsRoutes.current, async (ctx) => ok(await shifts.currentShift(ctx)));
  route(app, shiftsRoutes.list, async (ctx, { query }) => paged(await shifts.listShifts(ctx, query)));
  route(app, shiftsRoutes.export, async (ctx, { query }, _request, reply) =>
    sendCsv(ctx, reply, 'shifts', await exportShifts(ctx, query)),
  );
  route(app, shiftsRoutes.get, async (ctx, { params }) => ok(await shifts.getShift(ctx, params.id)));
  route(app, shiftsRoutes.report, async (ctx, { params, query }, _request, reply) => {
    const summary = await shifts.shiftReport(ctx, params.id);
    if (query.format === 'json') return ok(summary);
    const data = await renderShiftReportPdf({
      summary,
      storeName: ctx.access.store.business_name,
      timeZone: ctx.access.store.timezone,
      layout: query.layout,
    });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="z-report-${summary.shift.number}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(data);
  });
  route(app, shiftsRoutes.cash, async (ctx, { params, body, idempotencyKey }) => {
    const outcome = await shifts.recordCash(ctx, params.id, body, idempotencyKey);
    return ok(outcome.body, body.type === 'in' ? 'Cash paid in' : 'Cash paid out', outcome.status);
  });
  route(app, shiftsRoutes.close, async (ctx, { params, body, idempotencyKey }) => {
    const outcome = await shifts.closeShift(ctx, params.id, body, idempotencyKey);
    return ok(
      outcome.body,
      outcome.replayed ? 'Shift closed (repeated request)' : 'Shift closed',
      outcome.status,
    );
  });
}
