import { Anchor, SegmentedControl, Text } from '@mantine/core';
import {
  AGEING_BUCKETS,
  AGEING_LABELS,
  owingQuery,
  type AgeingBucket,
  type OwingCustomer,
} from '@tillbook/contract/customer-accounts';
import { useNavigate } from 'react-router';
import { column, titleColumn } from '../../../components/columns';
import { ListScreen } from '../../../components/list-screen';
import { AgeingChips, AgeingSummary } from '../../../components/receivables';
import { FilterHeading } from '../../../components/table-filters';
import { paths } from '../../../config/paths';
import { useStoreId, useStoreLocale } from '../../../lib/current-user';
import { formatMoney } from '../../../lib/format';
import { exportOwing, useOwing, useOwingSummary } from '../../../lib/receivables';
import { useListState } from '../../../lib/use-list-state';
import { selectCustomer } from '../components/selected-customer';

type Row = OwingCustomer & { id: string };

/** The columns; on a phone's card the name, what they owe (top right), the ages, phone and limit. */
const columns = (currency: string) => [
  titleColumn<Row>('name', 'Customer', (r) => r.name),
  column<Row>('phone', 'Phone', (r) =>
    r.phone_number ? (
      // A tap on the number calls; the rest of the card opens the account.
      <Anchor href={`tel:${r.phone_number}`} size="sm" style={{ whiteSpace: 'nowrap' }}>
        {r.phone_number}
      </Anchor>
    ) : (
      '—'
    ),
  ),
  column<Row>(
    'balance',
    'Owes',
    (r) => (
      <Text span size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {formatMoney(r.balance, currency)}
      </Text>
    ),
    { card: 'figure' },
  ),
  column<Row>('ageing', 'By age', (r) => <AgeingChips ageing={r.ageing} currency={currency} />, {
    card: 'status',
    wrap: true,
  }),
  column<Row>('limit', 'Credit limit', (r) =>
    r.credit_limit === null ? (
      <Text span size="sm" c="dimmed">
        No credit
      </Text>
    ) : (
      formatMoney(r.credit_limit, currency)
    ),
  ),
];

/**
 * paths.customersOwing: the customers who owe, largest balance first, with what they owe by age
 * and the totals by age on top (a bucket tapped filters the list); a row opens the account.
 */
export default function OwingScreen() {
  const navigate = useNavigate();
  const storeId = useStoreId();
  const { currency: storeCurrency } = useStoreLocale();
  const state = useListState('customers-owing', owingQuery, 'Search name or phone');
  const { bucket } = state.query;
  const owing = useOwing(state.query);
  const summary = useOwingSummary();
  const currency = summary.data?.currency ?? storeCurrency;
  const pick = (b: AgeingBucket | null) => state.setFilter('bucket', b);

  return (
    <ListScreen
      title="Customers who owe"
      description="What customers owe on account, largest first, and for how long. Open one to take a repayment."
      state={state}
      toolbar={
        <AgeingSummary
          summary={summary.data}
          loading={summary.isPending}
          error={summary.error}
          bucket={bucket}
          onPick={pick}
        />
      }
      filters={{
        content: (
          <>
            <FilterHeading>Owing for</FilterHeading>
            <SegmentedControl
              orientation="vertical"
              fullWidth
              data={[
                { value: '', label: 'Any age' },
                ...AGEING_BUCKETS.map((b) => ({ value: b, label: AGEING_LABELS[b] })),
              ]}
              value={bucket ?? ''}
              onChange={(v) => pick((v || null) as AgeingBucket | null)}
            />
          </>
        ),
        chips: bucket ? [{ label: `Owing ${AGEING_LABELS[bucket]}`, onRemove: () => pick(null) }] : [],
      }}
      onExport={() => exportOwing(state.exportQuery)}
      list={owing}
      loading={owing.isPending || owing.isPlaceholderData}
      columns={columns(currency)}
      onRowClick={(r) => {
        selectCustomer(storeId, r.customer_id);
        navigate(paths.customerAccount(r.customer_id));
      }}
      noun="customers who owe"
      noMatch={{ title: 'No customer matches', description: 'Try another search or another age.' }}
      empty={{
        title: 'Nobody owes you',
        description: 'Customers who buy on credit appear here until they have paid.',
      }}
    />
  );
}
