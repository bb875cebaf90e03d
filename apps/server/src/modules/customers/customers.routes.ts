import { MESSAGES } from '@tillbook/contract/constants';
import { customerAccountsRoutes } from '@tillbook/contract/customer-accounts';
import { customersRoutes } from '@tillbook/contract/customers';
import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import { sendImportReport } from '../../lib/import-reply.js';
import { sendCsv } from '../../lib/csv-export.js';
import { ok, paged } from '../../lib/reply.js';
import { route } from '../../lib/route.js';
import { customerTemplate, exportCustomers, importCustomers } from './customers.import.js';
import * as accounts from './customer-accounts.service.js';
import * as customers from './customers.service.js';

export function registerCustomersRoutes(app: FastifyInstance): void {
  route(app, customersRoutes.list, async (ctx, { query }) =>
    paged(await customers.listCustomers(ctx, query)),
  );
  route(app, customersRoutes.search, async (ctx, { query }) =>
    paged(await customers.searchCustomers(ctx, query)),
  );
  route(app, customersRoutes.filter, async (ctx, { params, query }) =>
    paged(await customers.filterCustomers(ctx, params.filter, query)),
  );
  route(app, customersRoutes.autoCreate, async (ctx) =>
    ok(await customers.autoCreateCustomer(ctx), MESSAGES.customerGenerated, 201),
  );
  route(app, customersRoutes.upload, async (ctx, { query }, request, reply) =>
    sendImportReport(request, reply, await importCustomers(ctx, request, query.atomic ?? false), 'customer'),
  );
  route(app, customersRoutes.template, async (_ctx, { query }, _request, reply) => {
    const file = await customerTemplate(query.format);
    return reply
      .header('content-type', file.type)
      .header('content-disposition', `attachment; filename="${file.name}"`)
      .send(file.data);
  });
  route(app, customersRoutes.export, async (ctx, { query }, _request, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="customers-${ctx.now.toISOString().slice(0, 10)}.csv"`,
      )
      .send(Readable.from(exportCustomers(ctx, query))),
  );
  route(app, customersRoutes.create, async (ctx, { body }) =>
    ok(await customers.createCustomer(ctx, body), MESSAGES.customerAdded, 201),
  );
  route(app, customersRoutes.addAtTill, async (ctx, { body, idempotencyKey }) => {
    const outcome = await customers.addCustomerAtTill(ctx, body, idempotencyKey);
    return ok(outcome.body, outcome.body.message, outcome.status);
  });
  route(app, customersRoutes.update, async (ctx, { params, body }) =>
    ok(await customers.updateCustomer(ctx, params.id, body), MESSAGES.customerUpdated),
  );
  route(app, customersRoutes.block, async (ctx, { params }) =>
    ok(await customers.setCustomerBlocked(ctx, params.id, true), 'Customer blocked'),
  );
  route(app, customersRoutes.unblock, async (ctx, { params }) =>
    ok(await customers.setCustomerBlocked(ctx, params.id, false), 'Customer unblocked'),
  );
  route(app, customersRoutes.get, async (ctx, { params }) => ok(await customers.getCustomer(ctx, params.id)));
  registerAccountRoutes(app);
}

/**
 * Customers' accounts (decision 0065). Recording a repayment and a write-off raise orders'
 * amounts, so the orders module serves those two.
 */
function registerAccountRoutes(app: FastifyInstance): void {
  route(app, customerAccountsRoutes.owing, async (ctx, { query }) =>
    paged(await accounts.listOwing(ctx, query)),
  );
  route(app, customerAccountsRoutes.owingSummary, async (ctx) => ok(await accounts.owingSummary(ctx)));
  route(app, customerAccountsRoutes.owingExport, async (ctx, { query }, _request, reply) =>
    sendCsv(ctx, reply, 'customers-who-owe', await accounts.owingCsv(ctx, query)),
  );
  route(app, customerAccountsRoutes.account, async (ctx, { params, query }) =>
    ok(await accounts.getAccount(ctx, params.id, query)),
  );
  route(app, customerAccountsRoutes.statement, async (ctx, { params, query }, _request, reply) => {
    const file = await accounts.statementPdf(ctx, params.id, query);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'private, no-store')
      .send(file.data);
  });
  route(app, customerAccountsRoutes.creditLimit, async (ctx, { params, body }) =>
    ok(await accounts.setCreditLimit(ctx, params.id, body), 'Credit limit saved'),
  );
}
