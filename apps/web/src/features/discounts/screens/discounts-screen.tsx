import { NativeSelect, Text } from '@mantine/core';
import { DISCOUNT_STATES, discountListQuery, type Discount } from '@tillbook/contract/discounts';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { discountsRoutes } from '@tillbook/contract/route-refs';
import { column, statusColumn, titleColumn } from '../../../components/columns';
import { ListScreen } from '../../../components/list-screen';
import { statusLabel } from '../../../components/status-badge';
import { filterChips } from '../../../components/table-filters';
import { downloadRoute, messageOf } from '../../../lib/api-client';
import { useCan, useStoreLocale } from '../../../lib/current-user';
import { notify } from '../../../lib/toast';
import { useListState } from '../../../lib/use-list-state';
import { useDiscounts, useGenerateDiscount } from '../api/discounts';
import { discountValueText, periodText, usageText } from '../components/discount-text';
import { paths } from '../../../config/paths';

/** paths.discounts: codes with their value, usage, dates and state. */
export default function DiscountsScreen() {
  const navigate = useNavigate();
  const state = useListState('discounts', discountListQuery, 'Search name or code');
  const { status } = state.query;
  const discounts = useDiscounts(state.query);
  const canManage = useCan('discounts.manage');
  const { currency, timezone } = useStoreLocale();
  const generate = useGenerateDiscount({
    onSuccess: (answer) => notify.success(`Sample discount ${answer.data.code} generated`),
    onError: (error) => notify.error(messageOf(error)),
  });

  const columns = useMemo(
    () => [
      titleColumn<Discount>('name', 'Name', (d) => d.name),
      column<Discount>('code', 'Code', (d) => (
        <Text size="sm" ff="monospace">
          {d.code}
        </Text>
      )),
      column<Discount>('value', 'Discount', (d) => discountValueText(d, currency), { card: 'figure' }),
      column<Discount>('usage', 'Used', usageText),
      column<Discount>('dates', 'Dates', (d) => periodText(d, timezone)),
      statusColumn<Discount>((d) => d.status),
    ],
    [currency, timezone],
  );

  const chips = filterChips(state, { status: statusLabel });

  return (
    <ListScreen
      title="Discounts"
      description="Codes customers give at the till or through your API."
      state={state}
      filters={{
        content: (
          <NativeSelect
            label="Status"
            data={[
              { value: '', label: 'Any' },
              ...DISCOUNT_STATES.map((s) => ({ value: s, label: statusLabel(s) })),
            ]}
            value={status ?? ''}
            onChange={(e) => state.setFilter('status', e.currentTarget.value || null)}
          />
        ),
        chips,
      }}
      onExport={() => downloadRoute(discountsRoutes.export, { query: state.exportQuery }, 'discounts.csv')}
      add={canManage ? { label: 'Add discount', to: paths.discountCreate } : undefined}
      sample={
        canManage
          ? { generate: () => generate.mutate(), loading: generate.isPending, inEmpty: true }
          : undefined
      }
      list={discounts}
      columns={columns}
      onRowClick={canManage ? (d) => navigate(paths.discountEdit(d.id)) : undefined}
      noun="discounts"
      noMatch={{ description: 'Try another search or status.', clearLabel: 'Show all discounts' }}
      empty={{ description: 'Create a code such as WEEKEND10 for 10% off, or generate a sample to try it.' }}
    />
  );
}
