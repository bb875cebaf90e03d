import { receiptsRoutes } from '@tillbook/contract/receipts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../lib/reply.js';
import { route } from '../../lib/route.js';
import * as sharing from './receipt-sharing.service.js';

/** The address the caller reached the API at: a shared link's host when PUBLIC_URL is not set. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** Sharing and printing an order's receipt, and the pages its links open (decision 0066). */
export function registerReceiptSharingRoutes(app: FastifyInstance): void {
  route(app, receiptsRoutes.share, async (ctx, { params, body }, request) =>
    ok(await sharing.shareReceipt(ctx, params.id, body, originOf(request)), 'Receipt link ready'),
  );
  route(app, receiptsRoutes.shareStatement, async (ctx, { params, body }, request) =>
    ok(await sharing.shareStatement(ctx, params.id, body, originOf(request)), 'Statement link ready'),
  );
  route(app, receiptsRoutes.shareTransfer, async (ctx, { params, body }, request) =>
    ok(await sharing.shareTransfer(ctx, params.id, body, originOf(request)), 'Transfer receipt link ready'),
  );
  route(app, receiptsRoutes.revoke, async (ctx, { params }) =>
    ok(await sharing.revokeShares(ctx, params.id), 'Shared links closed'),
  );
  route(app, receiptsRoutes.escpos, async (ctx, { params, query }, request, reply) => {
    const file = await sharing.receiptEscpos(ctx, params.id, query, originOf(request));
    return reply
      .header('content-type', 'application/octet-stream')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'private, no-store')
      .send(file.data);
  });
  route(app, receiptsRoutes.page, async (ctx, { params }, _request, reply) =>
    reply
      .header('content-type', 'text/html; charset=utf-8')
      // Whoever holds the link may read it; nobody should keep a copy past its revocation.
      .header('cache-control', 'private, no-store')
      .header('x-robots-tag', 'noindex')
      .send(await sharing.receiptPage(ctx, params.token)),
  );
  route(app, receiptsRoutes.pdf, async (ctx, { params, query }, _request, reply) => {
    const file = await sharing.receiptPagePdf(ctx, params.token, query.layout);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${file.filename}"`)
      .header('cache-control', 'private, no-store')
      .send(file.data);
  });
}
