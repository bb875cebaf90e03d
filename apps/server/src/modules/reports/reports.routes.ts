import { Readable } from 'node:stream';
import { dashboardRoutes, reportsRoutes } from '@tillbook/contract/reports';
import { storesRoutes } from '@tillbook/contract/stores';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { runEverySeconds } from '../../lib/background-rounds.js';
import type { Deps, StoreContext } from '../../lib/context.js';
import { ok } from '../../lib/reply.js';
import { route } from '../../lib/route.js';
import * as dashboard from './dashboard.service.js';
import {
  exportCashiers,
  exportPaymentTypes,
  exportSalesByItem,
  exportSalesReport,
  exportSummary,
  exportTransactions,
} from './report-exports.js';
import * as reports from './reports.service.js';
import { rollUpWaitingSalesFigures } from './sales-figures.js';
import { changeStoreAddress } from './store-timezone.service.js';
import { salesByCashier, takingsByPaymentType } from './takings.service.js';

function sendCsv(ctx: StoreContext, reply: FastifyReply, name: string, rows: AsyncGenerator<string>) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${dashboard.storeToday(ctx)}.csv"`)
    .send(Readable.from(rows));
}

export function registerReportsRoutes(app: FastifyInstance): void {
  // A store settings route: a new time zone moves the sales figures (decision 0025, rule 4).
  route(app, storesRoutes.address, async (ctx, { body }) =>
    ok(await changeStoreAddress(ctx, body), 'Saved!!'),
  );
  route(app, dashboardRoutes.customers, async (ctx, { query }) =>
    ok(await dashboard.topCustomers(ctx, query)),
  );
  route(app, dashboardRoutes.productSale, async (ctx, { query }) =>
    ok(await dashboard.topProducts(ctx, query)),
  );
  route(app, dashboardRoutes.recentOrders, async (ctx, { query }) =>
    ok(await dashboard.recentOrders(ctx, query.limit)),
  );
  route(app, dashboardRoutes.totalSales, async (ctx, { query }) =>
    ok(await dashboard.totalSales(ctx, query)),
  );
  route(app, dashboardRoutes.todaySales, async (ctx) => ok(await dashboard.todaySales(ctx)));
  route(app, dashboardRoutes.todayTakings, async (ctx) => ok(await dashboard.todayTakings(ctx)));
  route(app, dashboardRoutes.totalCustomers, async (ctx, { query }) =>
    ok(await dashboard.totalCustomers(ctx, query)),
  );
  route(app, dashboardRoutes.totalOrder, async (ctx, { query }) =>
    ok(await dashboard.totalOrders(ctx, query)),
  );
  route(app, dashboardRoutes.filter, async (ctx, { params, query }) =>
    ok(await dashboard.chart(ctx, params.option, query)),
  );

  route(app, reportsRoutes.summary, async (ctx, { query }) => ok(await reports.salesSummary(ctx, query)));
  route(app, reportsRoutes.salesByPeriod, async (ctx, { query }) =>
    ok(await reports.salesReport(ctx, query)),
  );
  route(app, reportsRoutes.salesByItem, async (ctx, { query }) => ok(await reports.salesByItem(ctx, query)));
  route(app, reportsRoutes.transactions, async (ctx, { query }) =>
    ok(await reports.transactions(ctx, query)),
  );
  route(app, reportsRoutes.transactionsFilter, async (ctx, { query }) =>
    ok(await reports.filteredTransactions(ctx, query)),
  );
  route(app, reportsRoutes.exportSummary, async (ctx, { query }, _request, reply) =>
    sendCsv(ctx, reply, 'sales-summary', exportSummary(ctx, query)),
  );
  route(app, reportsRoutes.exportSales, async (ctx, { query }, _request, reply) =>
    sendCsv(ctx, reply, `sales-report-${query.type}`, exportSalesReport(ctx, query)),
  );
  route(app, reportsRoutes.exportSalesByItem, async (ctx, { query }, _request, reply) =>
    sendCsv(ctx, reply, 'sales-by-item', exportSalesByItem(ctx, query)),
  );
  route(app, reportsRoutes.exportTransactions, async (ctx, { query }, _request, reply) =>
    sendCsv(ctx, reply, 'sales-transactions', exportTransactions(ctx, query)),
  );
  route(app, reportsRoutes.paymentTypes, async (ctx, { query }) =>
    ok(await takingsByPaymentType(ctx, query)),
  );
  route(app, reportsRoutes.exportPaymentTypes, async (ctx, { query }, _request, reply) =>
    sendCsv(ctx, reply, 'takings-by-payment-type', exportPaymentTypes(ctx, query)),
  );
  route(app, reportsRoutes.cashiers, async (ctx, { query }) => ok(await salesByCashier(ctx, query)));
  route(app, reportsRoutes.exportCashiers, async (ctx, { query }, _request, reply) =>
    sendCsv(ctx, reply, 'sales-by-cashier', exportCashiers(ctx, query)),
  );
}

/**
 * Rolls the sales figures' waiting changes up every `SALES_FIGURES_ROLLUP_SECONDS` once the app
 * is ready (decision 0031, addendum), so a read of the figures seldom finds more than two seconds'
 * sales to add first.
 */
export function startSalesFiguresRollUp(app: FastifyInstance, db: Kysely<Database>, deps: Deps): void {
  runEverySeconds(app, deps.config.SALES_FIGURES_ROLLUP_SECONDS, 'sales figures roll-up', () =>
    rollUpWaitingSalesFigures(db),
  );
}
