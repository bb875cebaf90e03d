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
import { transactionRows, type TransactionDbRow } from './report-orders.queries.js';
import { salesByItemRows, salesReport, salesSummary, transactionFilter } from './reports.service.js';

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
const csv = (columns: string[], rows: Array<Array<string | number | null>>, header: boolean) =>
  toCsv(columns, rows, header).replace(/[\r\n]+$/, '');

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
  yield BOM + csv(columns, [], true);
  // A batch of rows at a time: a daily report of ten years is 3,660 lines.
  for (let i = 0; i < r.rows.length; i += 500) {
    yield (
      '\r\n' +
      csv(
        columns,
        r.rows.slice(i, i + 500).map((row) => [row.label, row.from, row.to, ...cells(row)]),
        false,
      )
    );
  }
  yield '\r\n' + csv(columns, [['Total', r.from, r.to, ...cells(r.totals)]], false) + '\r\n';
}

export async function* exportSalesByItem(
  ctx: StoreContext,
  q: z.output<typeof salesByItemExportQuery>,
): AsyncGenerator<string> {
  const r = await salesByItemRows(ctx, q);
  const money = moneyText(ctx);
  const columns = ['Product', 'SKU', 'Quantity', 'Revenue', 'Average price', 'Cost', 'Margin', 'Margin %'];
  yield BOM + csv(columns, [], true);
  for (let i = 0; i < r.rows.length; i += 500) {
    yield (
      '\r\n' +
      csv(
        columns,
        r.rows
          .slice(i, i + 500)
          .map((p) => [
            p.name,
            p.sku,
            p.quantity,
            money(p.revenue),
            money(p.average_price),
            money(p.cost),
            money(p.margin),
            p.margin_percent,
          ]),
        false,
      )
    );
  }
  const t = r.totals;
  yield (
    '\r\n' +
    csv(
      columns,
      [
        [
          'Total',
          null,
          t.quantity,
          money(t.revenue),
          money(t.average_price),
          money(t.cost),
          money(t.margin),
          t.margin_percent,
        ],
      ],
      false,
    ) +
    '\r\n'
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
  const columns = ['Date', 'Number', 'Order', 'Customer', 'Payment type', 'Amount', 'Status'];
  yield BOM + csv(columns, [], true);
  let count = 0;
  let amount = 0;
  let before: { date: string; id: string } | undefined;
  for (;;) {
    const rows: TransactionDbRow[] = await transactionRows(ctx.db, ctx.storeId, filter, {
      limit: TRANSACTION_BATCH,
      ...(before ? { before } : {}),
    });
    if (!rows.length) break;
    count += rows.length;
    for (const r of rows) amount += r.amount;
    yield (
      '\r\n' +
      csv(
        columns,
        rows.map((r) => [
          localDateTimeText(r.date, zone),
          r.number,
          r.order_number,
          r.customer_name,
          r.payment_type,
          money(r.amount),
          r.status,
        ]),
        false,
      )
    );
    const last = rows.at(-1)!;
    before = { date: last.date, id: last.id };
    if (rows.length < TRANSACTION_BATCH) break;
  }
  yield (
    '\r\n' +
    csv(columns, [['Total', `${count} ${filter.kind}`, null, null, null, money(amount), null]], false) +
    '\r\n'
  );
}
