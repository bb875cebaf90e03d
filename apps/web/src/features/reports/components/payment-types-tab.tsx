import type { ListColumn } from '../../../components/list-card';
import { useStoreLocale } from '../../../lib/current-user';
import { formatCount, formatMoney } from '../../../lib/format';
import { PAYMENT_TYPE_LABELS } from '../../../lib/payment-types';
import type { Range } from '../api/reports';
import { useTakingsByPaymentType } from '../api/takings';
import { ReportCard } from './report-card';
import { ReportTable } from './report-table';

const paymentLabel = (type: string) => PAYMENT_TYPE_LABELS[type] ?? type.replace(/_/g, ' ');

type PaymentTypeRow = NonNullable<ReturnType<typeof useTakingsByPaymentType>['data']>['rows'][number];

/** The columns; on a phone's card the payment type names the row and the net is its figure. */
const columns = (money: (v: number) => string): ListColumn<PaymentTypeRow>[] => [
  { header: 'Payment type', card: 'title', cell: (r) => paymentLabel(r.payment_type) },
  { header: 'Received', numeric: true, noWrap: true, cell: (r) => money(r.received) },
  { header: 'Payments', numeric: true, cell: (r) => formatCount(r.received_count) },
  { header: 'Paid back', numeric: true, noWrap: true, cell: (r) => money(r.paid_back) },
  { header: 'Refunds', numeric: true, cell: (r) => formatCount(r.paid_back_count) },
  { header: 'Net', numeric: true, noWrap: true, card: 'figure', cell: (r) => money(r.net) },
];

/**
 * Takings by payment type (issue 32, decision 0062): the money received in the period and the
 * money paid back by refunds and cancellations, each on the day it moved, by payment type.
 */
export function PaymentTypesTab({ range }: { range: Range }) {
  const q = useTakingsByPaymentType(range);
  const { currency: storeCurrency } = useStoreLocale();
  const currency = q.data?.currency ?? storeCurrency;
  const money = (v: number) => formatMoney(v, currency);
  return (
    <ReportCard
      title="By payment type"
      query={q}
      isEmpty={q.data?.rows.length === 0}
      empty="No money received or paid back in this period."
      filters={null}
    >
      {q.data && (
        <ReportTable
          label="Takings by payment type"
          minWidth={640}
          rows={q.data.rows}
          rowKey={(r) => r.payment_type}
          columns={columns(money)}
          totals={{
            testId: 'payment-types-totals',
            title: 'Totals',
            cells: {
              Received: money(q.data.total.received),
              Payments: formatCount(q.data.total.received_count),
              'Paid back': money(q.data.total.paid_back),
              Refunds: formatCount(q.data.total.paid_back_count),
              Net: money(q.data.total.net),
            },
          }}
        />
      )}
    </ReportCard>
  );
}
