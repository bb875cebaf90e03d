import { customerAccountsRoutes } from '@tillbook/contract/customer-accounts';
import { customersRoutes } from '@tillbook/contract/customers';
import { discountsRoutes } from '@tillbook/contract/discounts';
import { ordersRoutes } from '@tillbook/contract/orders';
import { paymentsReceivedRoutes } from '@tillbook/contract/payments-received';
import type { FastifyInstance } from 'fastify';
import { ok, paged } from '../../lib/reply.js';
import { tillOwnerOf } from '../../lib/browser-device.js';
import { sendCsv } from '../../lib/csv-export.js';
import { route } from '../../lib/route.js';
import * as accounts from './customer-repayments.service.js';
import * as invoices from './invoice.service.js';
import { decideOfflineSale } from './offline-decision.service.js';
import * as payments from './order-payments.service.js';
import * as placing from './order-placing.service.js';
import * as returns from './order-returns.service.js';
import { exportOrders } from './orders.export.js';
import * as orders from './orders.service.js';
import { quoteRefund } from './refund-quote.service.js';

export function registerOrdersRoutes(app: FastifyInstance): void {
  route(app, ordersRoutes.list, async (ctx, { query }) => paged(await orders.listOrders(ctx, query)));
  route(app, ordersRoutes.export, async (ctx, { query }, _request, reply) =>
    sendCsv(ctx, reply, 'orders', await exportOrders(ctx, query)),
  );
  route(app, ordersRoutes.filter, async (ctx, { query }) => paged(await orders.listOrders(ctx, query)));
  route(app, ordersRoutes.quote, async (ctx, { body }) => ok(await placing.quoteOrder(ctx, body)));
  route(app, ordersRoutes.create, async (ctx, { body, idempotencyKey }, request) => {
    const outcome = await placing.createOrder(
      ctx,
      body,
      idempotencyKey,
      body.offline ? tillOwnerOf(request, ctx) : undefined,
    );
    return ok(
      outcome.body,
      outcome.replayed ? 'Order created (repeated request)' : 'Order created',
      outcome.status,
    );
  });
  route(app, ordersRoutes.get, async (ctx, { params }) => ok(await orders.getOrder(ctx, params.id)));
  route(app, ordersRoutes.offlineDecision, async (ctx, { params, body }) =>
    ok(
      await decideOfflineSale(ctx, params.id, body.decision),
      body.decision === 'accept' ? 'Offline sale accepted' : 'Offline sale cancelled',
    ),
  );
  route(app, ordersRoutes.updateStatus, async (ctx, { params, body }) =>
    ok(await returns.changeOrderStatus(ctx, params.id, body), 'Order status updated'),
  );
  route(app, ordersRoutes.refundQuote, async (ctx, { params, body }) =>
    ok(await quoteRefund(ctx, params.id, body)),
  );
  route(app, ordersRoutes.refund, async (ctx, { params, body, idempotencyKey }) => {
    const outcome = await returns.refundOrder(ctx, params.id, body, idempotencyKey);
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
  registerOtherAreasRoutes(app);
}

/**
 * Routes of other areas' tables that only the orders module can answer: they list a customer's
 * orders, price a cart with a code, and raise an order's amount received (decision 0025).
 */
function registerOtherAreasRoutes(app: FastifyInstance): void {
  route(app, customersRoutes.orders, async (ctx, { params, query }) =>
    paged(await orders.listCustomerOrders(ctx, params.id, query)),
  );
  route(app, discountsRoutes.validate, async (ctx, { body }) =>
    ok(await placing.validateDiscount(ctx, body), 'Discount code applies'),
  );
  // A customer's account: repayments and write-offs raise orders' amounts (decision 0065).
  route(app, customerAccountsRoutes.pay, async (ctx, { params, body, idempotencyKey }) => {
    const outcome = await accounts.payAccount(ctx, params.id, body, idempotencyKey);
    return ok(
      outcome.body,
      outcome.replayed ? 'Payment recorded (repeated request)' : 'Payment recorded',
      outcome.status,
    );
  });
  route(app, customerAccountsRoutes.writeOff, async (ctx, { params, body, idempotencyKey }) => {
    const outcome = await accounts.writeOffAccount(ctx, params.id, body, idempotencyKey);
    return ok(
      outcome.body,
      outcome.replayed ? 'Written off (repeated request)' : 'Written off',
      outcome.status,
    );
  });
  route(app, paymentsReceivedRoutes.add, async (ctx, { body, idempotencyKey }) => {
    const outcome = await payments.addPayment(ctx, body, idempotencyKey);
    return ok(
      outcome.body,
      outcome.replayed ? 'Payment recorded (repeated request)' : 'Payment recorded',
      outcome.status,
    );
  });
}
