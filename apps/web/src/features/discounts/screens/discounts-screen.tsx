import { Button, NativeSelect, Text } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { DISCOUNT_STATES, type Discount, type DiscountState } from '@tillbook/contract/discounts';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { ListScreen } from '../../../components/list-screen';
import { StatusBadge, statusLabel } from '../../../components/status-badge';
import { messageOf } from '../../../lib/api-client';
import { exportAllPages } from '../../../lib/csv';
import { useCan, useStoreLocale } from '../../../lib/current-user';
import { formatMoney } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useTableState } from '../../../lib/use-table-state';
import { useSearchBox } from '../../../lib/use-search-box';
import { listDiscounts, useDiscounts, useGenerateDiscount } from '../api/discounts';
import { discountValueText, periodText, usageText } from '../components/discount-text';
import { paths } from '../../../app/paths';

/** paths.discounts: codes with their value, usage, dates and state. */
export default function DiscountsScreen() {
  const navigate = useNavigate();
  const state = useTableState('discounts', ['status']);
  const search = useSearchBox(state, 'Search name or code');
  const status = (state.filters.status as DiscountState | undefined) || undefined;
  const filters = { page: state.page, perPage: state.perPage, status, search: state.search || undefined };
  const discounts = useDiscounts(filters);
  const canManage = useCan('discounts.manage');
  const { currency, timezone } = useStoreLocale();
  const generate = useGenerateDiscount({
    onSuccess: (answer) => notify.success(`Sample discount ${answer.data.code} generated`),
    onError: (error) => notify.error(messageOf(error)),
  });

  const columns = useMemo<ColumnDef<Discount, unknown>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        enableSorting: false,
        cell: ({ row }) => (
          <Text fw={600} size="sm">
            {row.original.name}
          </Text>
        ),
      },
      {
        id: 'code',
        header: 'Code',
        enableSorting: false,
        cell: ({ row }) => (
          <Text size="sm" ff="monospace">
            {row.original.code}
          </Text>
        ),
      },
      {
        id: 'value',
        header: 'Discount',
        enableSorting: false,
        cell: ({ row }) => discountValueText(row.original, currency),
      },
      { id: 'usage', header: 'Used', enableSorting: false, cell: ({ row }) => usageText(row.original) },
      {
        id: 'dates',
        header: 'Dates',
        enableSorting: false,
        cell: ({ row }) => periodText(row.original, timezone),
      },
      {
        id: 'status',
        header: 'Status',
        enableSorting: false,
        cell: ({ row }) => <StatusBadge status={row.original.status} />,
      },
    ],
    [currency, timezone],
  );

  const exportCsv = () =>
    exportAllPages('discounts', (page, perPage) => listDiscounts({ ...filters, page, perPage }), [
      { header: 'Name', value: (d) => d.name },
      { header: 'Code', value: (d) => d.code },
      { header: 'Type', value: (d) => d.type },
      {
        header: 'Value',
        value: (d) => (d.type === 'percentage' ? `${d.value}%` : formatMoney(d.value, currency)),
      },
      { header: 'Applies to', value: (d) => d.applies_to },
      { header: 'Minimum order', value: (d) => formatMoney(d.min_order_amount, currency) },
      { header: 'Used', value: (d) => d.used_count },
      { header: 'Limit', value: (d) => d.usage_limit },
      { header: 'Dates', value: (d) => periodText(d, timezone) },
      { header: 'Status', value: (d) => d.status },
    ]);

  const chips = status
    ? [{ label: statusLabel(status), onRemove: () => state.setFilter('status', null) }]
    : [];

  return (
    <ListScreen
      title="Discounts"
      description="Codes customers give at the till or through your API."
      label="Discounts"
      state={state}
      search={search}
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
      onExport={() => void exportCsv()}
      add={canManage ? { label: 'Add discount', to: paths.discountCreate } : undefined}
      actions={
        canManage ? (
          <Button
            variant="default"
            leftSection={<IconSparkles size={16} />}
            loading={generate.isPending}
            onClick={() => generate.mutate()}
          >
            Generate sample
          </Button>
        ) : undefined
      }
      list={discounts}
      columns={columns}
      getRowId={(d) => d.id}
      onRowClick={canManage ? (d) => navigate(paths.discountEdit(d.id)) : undefined}
      filtered={Boolean(state.search || status)}
      noMatch={{
        title: 'No discounts match',
        description: 'Try another search or status.',
        clearLabel: 'Show all discounts',
      }}
      empty={{
        title: 'No discounts yet',
        description: 'Create a code such as WEEKEND10 for 10% off, or generate a sample to try it.',
        action: canManage ? (
          <>
            <Button variant="default" onClick={() => generate.mutate()} loading={generate.isPending}>
              Generate sample
            </Button>
            <Button component={Link} to={paths.discountCreate}>
              Add discount
            </Button>
          </>
        ) : undefined,
      }}
    />
  );
}
