import { purchaseOrdersRoutes } from '@tillbook/contract/purchase-orders';
import type { FastifyInstance } from 'fastify';
import { ok, paged } from '../../lib/reply.js';
import { sendCsv } from '../../lib/csv-export.js';
import { route } from '../../lib/route.js';
import { exportPurchaseOrders } from './purchase-orders.export.js';
import * as receipts from './purchase-order-receipts.service.js';
import * as pos from './purchase-orders.service.js';

export function registerPurchaseOrdersRoutes(app: FastifyInstance): void {
  route(app, purchaseOrdersRoutes.list, async (ctx, { query }) =>
    paged(await pos.listPurchaseOrders(ctx, query)),
  );
  route(app, purchaseOrdersRoutes.export, async (ctx, { query }, _request, reply) =>
    sendCsv(ctx, reply, 'purchase-orders', await exportPurchaseOrders(ctx, query)),
  );
  route(app, purchaseOrdersRoutes.create, async (ctx, { body }) =>
    ok(await pos.createPurchaseOrder(ctx, body), 'Purchase order created', 201),
  );
  route(app, purchaseOrdersRoutes.forVendor, async (ctx, { params, query }) =>
    paged(await pos.listVendorPurchaseOrders(ctx, params.id, query)),
  );
  route(app, purchaseOrdersRoutes.incoming, async (ctx, { params }) =>
    ok(await pos.incomingStock(ctx, params.id)),
  );
  route(app, purchaseOrdersRoutes.reorder, async (ctx, { body }) =>
    ok(await pos.reorderProduct(ctx, body.product_id, body.quantity), 'Draft purchase order started', 201),
  );
  route(app, purchaseOrdersRoutes.get, async (ctx, { params }) =>
    ok(await pos.getPurchaseOrder(ctx, params.id)),
  );
  route(app, purchaseOrdersRoutes.update, async (ctx, { params, body }) =>
    ok(await pos.updatePurchaseOrder(ctx, params.id, body), 'Purchase order updated'),
  );
  route(app, purchaseOrdersRoutes.issue, async (ctx, { params }) =>
    ok(await pos.issuePurchaseOrder(ctx, params.id), 'Purchase order issued'),
  );
  route(app, purchaseOrdersRoutes.cancel, async (ctx, { params }) =>
    ok(await pos.cancelPurchaseOrder(ctx, params.id), 'Purchase order cancelled'),
  );
  route(app, purchaseOrdersRoutes.receive, async (ctx, { params, body, idempotencyKey }, _request, reply) => {
    const outcome = await receipts.receivePurchaseOrder(ctx, params.id, body, idempotencyKey);
    if (outcome.replayed) reply.header('idempotent-replayed', 'true');
    return ok(outcome.body, 'Stock received', outcome.status);
  });
}
