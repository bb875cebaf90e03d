import { Anchor, NativeSelect, Stack } from '@mantine/core';
import { AGEING_BUCKETS, AGEING_LABELS, type OwingCustomer } from '@tillbook/contract/customer-accounts';
import { Link } from 'react-router';
import type { ListColumn } from '../../../components/list-card';
import { AgeingChips, AgeingSummary } from '../../../components/receivables';
import { paths } from '../../../config/paths';
import { useStoreLocale } from '../../../lib/current-user';
import { formatCount, formatMoney } from '../../../lib/format';
import { useOwing, useOwingSummary, type OwingFilters } from '../../../lib/receivables';
import { ReportCard } from './report-card';
import { ReportPager } from './report-pager';
import { ReportTable } from './report-table';
import { ReportSearch } from './report-search';

/** The columns (the CSV's, less its ids); on a phone's card the name and what they owe lead. */
const columns = (money: (v: number) => string, currency: string): ListColumn<OwingCustomer>[] => [
  {
    header: 'Customer',
    card: 'title',
    cell: (r) => (
      <Anchor component={Link} to={paths.customerAccount(r.customer_id)} size="sm" fw={600}>
        {r.name}
      </Anchor>
    ),
  },
  { header: 'Phone', noWrap: true, cell: (r) => r.phone_number ?? '—' },
  { header: 'Owes', numeric: true, noWrap: true, card: 'figure', cell: (r) => money(r.balance) },
  { header: 'By age', card: 'status', cell: (r) => <AgeingChips ageing={r.ageing} currency={currency} /> },
  {
    header: 'Credit limit',
    numeric: true,
    noWrap: true,
    cell: (r) => (r.credit_limit === null ? 'No credit' : money(r.credit_limit)),
  },
];

export type ReceivablesChanges = Partial<Record<'search' | 'bucket' | 'page', string | null>>;

/**
 * Receivables (decision 0065): what customers owe now, in all and by age, then each customer who
 * owes, largest first. It is a picture of today, so the report's period does not apply.
 */
export function ReceivablesTab({
  filters,
  onChange,
}: {
  filters: OwingFilters;
  onChange: (changes: ReceivablesChanges) => void;
}) {
  const summary = useOwingSummary();
  const q = useOwing(filters);
  const { currency: storeCurrency } = useStoreLocale();
  const currency = summary.data?.currency ?? storeCurrency;
  const money = (v: number) => formatMoney(v, currency);
  const total = summary.data;

  return (
    <Stack gap="md">
      <AgeingSummary
        summary={summary.data}
        loading={summary.isPending}
        error={summary.error}
        bucket={filters.bucket}
        onPick={(b) => onChange({ bucket: b, page: null })}
      />
      <ReportCard
        title="Customers who owe"
        query={q}
        isEmpty={q.data?.data.length === 0}
        empty={
          filters.search || filters.bucket
            ? 'No customer who owes matches the search or age.'
            : 'Nobody owes you anything on account.'
        }
        filters={
          <>
            <ReportSearch
              label="Search customers"
              placeholder="Search name or phone"
              value={filters.search}
              onSearch={(search) => onChange({ search, page: null })}
            />
            <NativeSelect
              size="xs"
              aria-label="Owing for"
              value={filters.bucket ?? ''}
              data={[
                { value: '', label: 'Any age' },
                ...AGEING_BUCKETS.map((b) => ({ value: b, label: AGEING_LABELS[b] })),
              ]}
              onChange={(e) => onChange({ bucket: e.currentTarget.value || null, page: null })}
            />
          </>
        }
      >
        {q.data && (
          <>
            <ReportTable
              label="Customers who owe"
              minWidth={760}
              rows={q.data.data}
              rowKey={(r) => r.customer_id}
              columns={columns(money, currency)}
              totals={{
                testId: 'receivables-totals',
                title: total
                  ? `All who owe: ${formatCount(total.customers)} ${total.customers === 1 ? 'customer' : 'customers'}`
                  : 'All who owe',
                span: 2,
                cells: total ? { Owes: money(total.total) } : {},
              }}
            />
            {q.data.pagination && (
              <ReportPager pagination={q.data.pagination} onChange={onChange} noun="customers" />
            )}
          </>
        )}
      </ReportCard>
    </Stack>
  );
}
