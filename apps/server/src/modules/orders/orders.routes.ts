import { ordersRoutes } from '@tillbook/contract/orders';
import type { FastifyInstance } from 'fastify';
import { ok, paged } from '../../lib/reply.js';
import { route } from '../../lib/route.js';
import * as invoices from './invoice.service.js';
import * as orders from './orders.service.js';

const idempotencyKeyOf = (headers: Record<string, unknown>) => {
  const value = headers['idempotency-key'];
  return typeof value === 'string' ? value : undefined;
};

export function registerOrdersRoutes(app: FastifyInstance): void {
  route(app, ordersRoutes.list, async (ctx, { query }) => paged(await orders.listOrders(ctx, query)));
  route(app, ordersRoutes.filter, async (ctx, { query }) => paged(await orders.listOrders(ctx, query)));
  route(app, ordersRoutes.quote, async (ctx, { body }) => ok(await orders.quoteOrder(ctx, body)));
  route(app, ordersRoutes.create, async (ctx, { body }, request) => {
    const outcome = await orders.createOrder(ctx, body, idempotencyKeyOf(request.headers));
    return ok(
      outcome.body,
      outcome.replayed ? 'Order created (repeated request)' : 'Order created',
      outcome.status,
    );
  });
  route(app, ordersRoutes.get, async (ctx, { params }) => ok(await orders.getOrder(ctx, params.id)));
  route(app, ordersRoutes.updateStatus, async (ctx, { params, body }) =>
    ok(await orders.changeOrderStatus(ctx, params.id, body), 'Order status updated'),
  );
  route(app, ordersRoutes.refund, async (ctx, { params, body }, request) => {
    const outcome = await orders.refundOrder(ctx, params.id, body, idempotencyKeyOf(request.headers));
    return ok(
      outcome.body,
      outcome.replayed ? 'Refund recorded (repeated request)' : 'Refund recorded',
      outcome.status,
    );
  });
  route(app, ordersRoutes.invoice, async (ctx, { params }) => ok(await invoices.getInvoice(ctx, params.id)));
  route(app, ordersRoutes.invoicePdf, async (ctx, { params, query }, _request, reply) => {
    const file = await invoices.invoicePdf(ctx, params.id, query.layout);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'private, no-store')
      .send(file.data);
  });
  route(app, ordersRoutes.emailInvoice, async (ctx, { params }) =>
    ok(await invoices.emailInvoice(ctx, params.id), 'Invoice sent'),
  );
}
