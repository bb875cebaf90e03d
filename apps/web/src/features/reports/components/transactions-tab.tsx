import { Anchor, NativeSelect, SegmentedControl, Text } from '@mantine/core';
import { ORDER_STATUSES } from '@tillbook/contract/orders';
import { Link } from 'react-router';
import type { ListColumn } from '../../../components/list-card';
import { DateTime } from '../../../components/money';
import { StatusBadge } from '../../../components/status-badge';
import { paths } from '../../../config/paths';
import { useStoreLocale } from '../../../lib/current-user';
import { formatCount, formatMoney } from '../../../lib/format';
import { useTransactions, type TransactionFilters } from '../api/reports';
import { ReportPager } from './report-pager';
import { ReportCard } from './report-card';
import { ReportTable } from './report-table';
import { PAYMENT_TYPE_LABELS } from '../../../lib/payment-types';

const STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  processing: 'Processing',
  success: 'Completed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

const paymentLabel = (type: string) => PAYMENT_TYPE_LABELS[type] ?? type.replace(/_/g, ' ');

type TransactionRow = NonNullable<ReturnType<typeof useTransactions>['data']>['rows'][number];

/** The columns: a payment's row also names its order. On a phone's card the number is the name. */
function transactionColumns(payments: boolean, money: (v: number) => string): ListColumn<TransactionRow>[] {
  const columns: ListColumn<TransactionRow>[] = [
    { header: 'Date', noWrap: true, cell: (r) => <DateTime iso={r.date} /> },
    {
      header: 'Number',
      card: 'title',
      cell: (r) => (
        <Anchor
          component={Link}
          to={r.kind === 'order' ? paths.order(r.order_id) : paths.payment(r.id)}
          size="sm"
          fw={600}
          style={{ whiteSpace: 'nowrap' }}
        >
          {r.number}
        </Anchor>
      ),
    },
  ];
  if (payments) {
    columns.push({
      header: 'Order',
      cell: (r) => (
        <Anchor component={Link} to={paths.order(r.order_id)} size="sm">
          {r.order_number}
        </Anchor>
      ),
    });
  }
  columns.push(
    {
      header: 'Customer',
      cell: (r) =>
        r.customer_name ?? (
          <Text span size="sm" c="dimmed">
            Walk-in
          </Text>
        ),
    },
    { header: 'Payment type', cell: (r) => paymentLabel(r.payment_type) },
    { header: 'Amount', numeric: true, noWrap: true, card: 'figure', cell: (r) => money(r.amount) },
    {
      header: 'Status',
      card: 'status',
      cell: (r) => <StatusBadge status={r.status === 'success' ? 'completed' : r.status} />,
    },
  );
  return columns;
}

/** Sales transactions: one row per order (or payment received), with the count and sum of all. */
export function TransactionsTab({
  filters,
  onChange,
}: {
  filters: TransactionFilters;
  onChange: (changes: Partial<Record<'kind' | 'status' | 'page', string | null>>) => void;
}) {
  const q = useTransactions(filters);
  const { currency: storeCurrency } = useStoreLocale();
  const currency = q.data?.currency ?? storeCurrency;
  const payments = filters.kind === 'payments';

  return (
    <ReportCard
      title="Sales transactions"
      query={q}
      isEmpty={q.data?.rows.length === 0}
      empty={
        payments
          ? 'No payments received in this period.'
          : filters.status
            ? 'No orders with this status in this period.'
            : 'No orders in this period.'
      }
      filters={
        <>
          <SegmentedControl
            size="xs"
            aria-label="Rows"
            value={filters.kind}
            data={[
              { value: 'orders', label: 'Orders' },
              { value: 'payments', label: 'Payments' },
            ]}
            onChange={(v) => onChange({ kind: v === 'orders' ? null : v, page: null })}
          />
          <NativeSelect
            size="xs"
            aria-label="Order status"
            value={filters.status ?? ''}
            data={[
              { value: '', label: 'Any status' },
              ...ORDER_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] ?? s })),
            ]}
            onChange={(e) => onChange({ status: e.currentTarget.value || null, page: null })}
          />
        </>
      }
    >
      {q.data && (
        <>
          <ReportTable
            label="Sales transactions"
            minWidth={720}
            rows={q.data.rows}
            rowKey={(r) => r.id}
            columns={transactionColumns(payments, (v) => formatMoney(v, currency))}
            totals={{
              testId: 'transactions-totals',
              span: payments ? 5 : 4,
              title: (
                <>
                  Totals: {formatCount(q.data.totals.count)} {payments ? 'payments' : 'orders'}
                  {!payments && (
                    // Order totals add up paid and unpaid sales: the two shown apart (decision 0059).
                    <Text span size="sm" fw={400} c="dimmed" data-testid="transactions-paid-unpaid">
                      {' '}
                      · paid {formatMoney(q.data.totals.paid, currency)} · unpaid{' '}
                      {formatMoney(q.data.totals.unpaid, currency)}
                    </Text>
                  )}
                </>
              ),
              cells: { Amount: formatMoney(q.data.totals.amount, currency) },
            }}
          />
          <ReportPager
            pagination={q.data.pagination}
            onChange={onChange}
            noun={payments ? 'payments' : 'orders'}
          />
        </>
      )}
    </ReportCard>
  );
}
