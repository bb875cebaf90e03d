import type {
  reportRangeQuery,
  SalesFigures,
  salesByItemExportQuery,
  salesReportQuery,
  transactionsExportQuery,
} from '@tillbook/contract/reports';
import type { z } from 'zod';
import type { StoreContext } from '../../lib/context.js';
import { localDateTimeText } from '../../lib/local-dates.js';
import { formatMajorAmount, minorDigits, toCsv } from '../../lib/spreadsheet.js';
import type { TransactionDbRow } from './report-order-rows.js';
import { transactionRows } from './report-orders.queries.js';
import { salesByItemRows, salesReport, salesSummary, transactionFilter } from './reports.service.js';
import { salesByCashier, takingsByPaymentType } from './takings.service.js';

/**
 * The reports as CSV, with the same rows and totals as their answers: money in major units
 * ("1500.50"), counts as they are. Each is an async generator the route streams, so a year of a
 * busy shop's transactions goes out a batch at a time, never held whole in memory.
 */

const FIGURES: Array<[keyof SalesFigures, string, 'money' | 'count']> = [
  ['gross_sales', 'Gross sales', 'money'],
  ['discounts', 'Discounts', 'money'],
  ['refunds', 'Refunds', 'money'],
  ['net_sales', 'Net sales', 'money'],
  ['tax', 'Tax', 'money'],
  ['shipping', 'Shipping', 'money'],
  ['total_sales', 'Total sales', 'money'],
  ['orders', 'Orders', 'count'],
  ['average_order_value', 'Average order value', 'money'],
  ['units', 'Units', 'count'],
  ['cost', 'Cost', 'money'],
];

const BOM = '\uFEFF';
type Cells = Array<string | number | null>;
const csv = (columns: string[], rows: Cells[], header: boolean) =>
  toCsv(columns, rows, header).replace(/[\r\n]+$/, '');

/** A report's rows a batch at a time (a daily report of ten years is 3,660 lines). */
function* inBatches<T>(rows: readonly T[], size = 500): Generator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

/**
 * A report's CSV: the header, the rows a batch at a time, then the total line, which `total`
 * makes once every batch is out.
 */
async function* reportCsv<T>(
  columns: string[],
  batches: AsyncIterable<T[]> | Iterable<T[]>,
  cells: (row: T) => Cells,
  total: () => Cells,
): AsyncGenerator<string> {
  yield BOM + csv(columns, [], true);
  for await (const rows of batches) yield '\r\n' + csv(columns, rows.map(cells), false);
  yield '\r\n' + csv(columns, [total()], false) + '\r\n';
}

function moneyText(ctx: StoreContext) {
  const digits = minorDigits(ctx.access.store.currency);
  return (minor: number) => formatMajorAmount(minor, digits);
}

export async function* exportSummary(
  ctx: StoreContext,
  q: z.output<typeof reportRangeQuery>,
): AsyncGenerator<string> {
  const s = await salesSummary(ctx, q);
  const money = moneyText(ctx);
  const columns = [
    'Figure',
    `This period (${s.from} to ${s.to})`,
    `Previous period (${s.previous_from} to ${s.previous_to})`,
    'Change %',
  ];
  const rows = FIGURES.map(([key, label, kind]) => {
    const text = kind === 'money' ? money : String;
    return [label, text(s.current[key]), text(s.previous[key]), s.change_percent[key]];
  });
  yield BOM + csv(columns, rows, true) + '\r\n';
}

export async function* exportSalesReport(
  ctx: StoreContext,
  q: z.output<typeof salesReportQuery>,
): AsyncGenerator<string> {
  const r = await salesReport(ctx, q);
  const money = moneyText(ctx);
  const columns = ['Period', 'From', 'To', ...FIGURES.flatMap(([, label]) => [label, `${label} (previous)`])];
  const cells = (f: { current: SalesFigures; previous: SalesFigures }): Array<string | number> =>
    FIGURES.flatMap(([key, , kind]): Array<string | number> =>
      kind === 'money' ? [money(f.current[key]), money(f.previous[key])] : [f.current[key], f.previous[key]],
    );
  yield* reportCsv(
    columns,
    inBatches(r.rows),
    (row) => [row.label, row.from, row.to, ...cells(row)],
    () => ['Total', r.from, r.to, ...cells(r.totals)],
  );
}

export async function* exportSalesByItem(
  ctx: StoreContext,
  q: z.output<typeof salesByItemExportQuery>,
): AsyncGenerator<string> {
  const r = await salesByItemRows(ctx, q);
  const money = moneyText(ctx);
  const columns = ['Product', 'SKU', 'Quantity', 'Revenue', 'Average price', 'Cost', 'Margin', 'Margin %'];
  const t = r.totals;
  yield* reportCsv(
    columns,
    inBatches(r.rows),
    (p) => [
      // By variant, the variant's name beside the product's (`Ankara shirt (M)`).
      p.variant_name ? `${p.name} (${p.variant_name})` : p.name,
      p.sku,
      p.quantity,
      money(p.revenue),
      money(p.average_price),
      money(p.cost),
      money(p.margin),
      p.margin_percent,
    ],
    () => [
      'Total',
      null,
      t.quantity,
      money(t.revenue),
      money(t.average_price),
      money(t.cost),
      money(t.margin),
      t.margin_percent,
    ],
  );
}

const TRANSACTION_BATCH = 1000;

export async function* exportTransactions(
  ctx: StoreContext,
  q: z.output<typeof transactionsExportQuery>,
): AsyncGenerator<string> {
  const { filter } = transactionFilter(ctx, q);
  const money = moneyText(ctx);
  const zone = ctx.access.store.timezone;
  // Orders carry what was paid and what is still owed apart, as the screen's totals do (decision
  // 0059): an order's amount alone adds unpaid sales to takings.
  const orders = filter.kind === 'orders';
  const columns = ['Date', 'Number', 'Order', 'Customer', 'Payment type', 'Amount', 'Status'];
  if (orders) columns.push('Paid', 'Unpaid');
  let count = 0;
  let amount = 0;
  let paid = 0;
  let unpaid = 0;
  // Newest first, a page at a time after the last one read, adding up the total as they go.
  async function* pages(): AsyncGenerator<TransactionDbRow[]> {
    let before: { date: string; id: string } | undefined;
    for (;;) {
      const rows = await transactionRows(ctx.db, ctx.storeId, filter, {
        limit: TRANSACTION_BATCH,
        paidApart: orders,
        ...(before ? { before } : {}),
      });
      if (!rows.length) return;
      count += rows.length;
      for (const r of rows) {
        amount += r.amount;
        paid += r.paid ?? 0;
        unpaid += r.unpaid ?? 0;
      }
      yield rows;
      const last = rows.at(-1)!;
      before = { date: last.date, id: last.id };
      if (rows.length < TRANSACTION_BATCH) return;
    }
  }
  yield* reportCsv(
    columns,
    pages(),
    (r) => [
      localDateTimeText(r.date, zone),
      r.number,
      r.order_number,
      r.customer_name,
      r.payment_type,
      money(r.amount),
      r.status,
      ...(orders ? [money(r.paid ?? 0), money(r.unpaid ?? 0)] : []),
    ],
    () => [
      'Total',
      `${count} ${filter.kind}`,
      null,
      null,
      null,
      money(amount),
      null,
      ...(orders ? [money(paid), money(unpaid)] : []),
    ],
  );
}

export async function* exportPaymentTypes(
  ctx: StoreContext,
  q: z.output<typeof reportRangeQuery>,
): AsyncGenerator<string> {
  const r = await takingsByPaymentType(ctx, q);
  const money = moneyText(ctx);
  const columns = ['Payment type', 'Received', 'Payments', 'Paid back', 'Refunds', 'Net'];
  const t = r.total;
  yield* reportCsv(
    columns,
    inBatches(r.rows),
    (p) => [
      p.payment_type,
      money(p.received),
      p.received_count,
      money(p.paid_back),
      p.paid_back_count,
      money(p.net),
    ],
    () => ['Total', money(t.received), t.received_count, money(t.paid_back), t.paid_back_count, money(t.net)],
  );
}

export async function* exportCashiers(
  ctx: StoreContext,
  q: z.output<typeof reportRangeQuery>,
): AsyncGenerator<string> {
  const r = await salesByCashier(ctx, q);
  const money = moneyText(ctx);
  const columns = ['Member', 'Orders', 'Sales total', 'Received', 'Refunds', 'Discounts', 'Average sale'];
  const t = r.total;
  yield* reportCsv(
    columns,
    inBatches(r.rows),
    (c) => [
      c.member_name,
      c.orders,
      money(c.sales_total),
      money(c.received),
      money(c.refunds),
      money(c.discounts),
      money(c.average_sale),
    ],
    () => [
      'Total',
      t.orders,
      money(t.sales_total),
      money(t.received),
      money(t.refunds),
      money(t.discounts),
      money(t.average_sale),
    ],
  );
}
