import type { ListColumn } from '../../../components/list-card';
import { useStoreLocale } from '../../../lib/current-user';
import { formatCount, formatMoney } from '../../../lib/format';
import type { Range } from '../api/reports';
import { useSalesByCashier } from '../api/takings';
import { ReportCard } from './report-card';
import { ReportTable } from './report-table';

type CashierRow = NonNullable<ReturnType<typeof useSalesByCashier>['data']>['rows'][number];

/** The columns; on a phone's card the member names the row and the sales total is its figure. */
const columns = (money: (v: number) => string): ListColumn<CashierRow>[] => [
  { header: 'Member', card: 'title', cell: (r) => r.member_name },
  { header: 'Orders', numeric: true, cell: (r) => formatCount(r.orders) },
  { header: 'Sales total', numeric: true, noWrap: true, card: 'figure', cell: (r) => money(r.sales_total) },
  { header: 'Received', numeric: true, noWrap: true, cell: (r) => money(r.received) },
  { header: 'Refunds', numeric: true, noWrap: true, cell: (r) => money(r.refunds) },
  { header: 'Discounts', numeric: true, noWrap: true, cell: (r) => money(r.discounts) },
  { header: 'Average sale', numeric: true, noWrap: true, cell: (r) => money(r.average_sale) },
];

/**
 * Sales by cashier (issue 32, decision 0062): per member (or API key), the sales they placed in
 * the period, the money they took, the value refunded of their sales and the discounts given.
 */
export function CashiersTab({ range }: { range: Range }) {
  const q = useSalesByCashier(range);
  const { currency: storeCurrency } = useStoreLocale();
  const currency = q.data?.currency ?? storeCurrency;
  const money = (v: number) => formatMoney(v, currency);
  return (
    <ReportCard
      title="By cashier"
      query={q}
      isEmpty={q.data?.rows.length === 0}
      empty="No sales or payments taken in this period."
      filters={null}
    >
      {q.data && (
        <ReportTable
          label="Sales by cashier"
          minWidth={760}
          rows={q.data.rows}
          rowKey={(r) => r.member_id ?? 'system'}
          columns={columns(money)}
          totals={{
            testId: 'cashiers-totals',
            title: 'Totals',
            cells: {
              Orders: formatCount(q.data.total.orders),
              'Sales total': money(q.data.total.sales_total),
              Received: money(q.data.total.received),
              Refunds: money(q.data.total.refunds),
              Discounts: money(q.data.total.discounts),
              'Average sale': money(q.data.total.average_sale),
            },
          }}
        />
      )}
    </ReportCard>
  );
}
