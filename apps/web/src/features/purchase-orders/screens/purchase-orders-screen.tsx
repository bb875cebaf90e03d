import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import type { PurchaseOrderStatus, PurchaseOrderSummary } from '@tillbook/contract/purchase-orders';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { ListScreen } from '../../../components/list-screen';
import { Money } from '../../../components/money';
import { StatusBadge } from '../../../components/status-badge';
import { exportAllPages } from '../../../lib/csv';
import { useCan, useStoreLocale } from '../../../lib/current-user';
import { formatMoney } from '../../../lib/format';
import { useTableState } from '../../../lib/use-table-state';
import { useSearchBox } from '../../../lib/use-search-box';
import { listPurchaseOrders, usePurchaseOrders } from '../api/list-purchase-orders';
import { DateRangeFilter, StatusTabs } from '../../../components/table-filters';
import { paths } from '../../../app/paths';

const TABS: Array<{ value: PurchaseOrderStatus | 'all'; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'draft', label: 'Draft' },
  { value: 'issued', label: 'Issued' },
  { value: 'partially_received', label: 'Partially received' },
  { value: 'received', label: 'Received' },
  { value: 'cancelled', label: 'Cancelled' },
];

/** paths.purchaseOrders: purchase orders by status, searched by number or vendor, with dates. */
export default function PurchaseOrdersScreen() {
  const navigate = useNavigate();
  const state = useTableState('purchase-orders', ['status', 'from', 'to']);
  const search = useSearchBox(state, 'Search number or vendor');
  const status = (state.filters.status as PurchaseOrderStatus | undefined) || undefined;
  const { from, to } = state.filters;
  const filters = {
    page: state.page,
    perPage: state.perPage,
    status,
    search: state.search || undefined,
    from: from || undefined,
    to: to || undefined,
  };
  const orders = usePurchaseOrders(filters);
  const canCreate = useCan('purchase_orders.manage');
  const { currency } = useStoreLocale();

  const columns = useMemo<ColumnDef<PurchaseOrderSummary, unknown>[]>(
    () => [
      {
        id: 'number',
        header: 'Number',
        enableSorting: false,
        cell: ({ row }) => (
          <Text fw={600} size="sm">
            {row.original.number}
          </Text>
        ),
      },
      { id: 'vendor', header: 'Vendor', enableSorting: false, cell: ({ row }) => row.original.vendor.name },
      { id: 'order_date', header: 'Date', enableSorting: false, cell: ({ row }) => row.original.order_date },
      {
        id: 'expected',
        header: 'Expected',
        enableSorting: false,
        cell: ({ row }) => row.original.expected_date ?? '—',
      },
      {
        id: 'total',
        header: 'Total',
        enableSorting: false,
        cell: ({ row }) => <Money minor={row.original.total} />,
      },
      {
        id: 'received',
        header: 'Received',
        enableSorting: false,
        cell: ({ row }) => (
          <Group gap="xs" wrap="nowrap" miw={120}>
            <Progress value={row.original.received_percent} w={70} size="sm" aria-hidden />
            <Text size="sm">{row.original.received_percent}%</Text>
          </Group>
        ),
      },
      {
        id: 'status',
        header: 'Status',
        enableSorting: false,
        cell: ({ row }) => <StatusBadge status={row.original.status} />,
      },
    ],
    [],
  );

  const exportCsv = () =>
    exportAllPages('purchase-orders', (page, perPage) => listPurchaseOrders({ ...filters, page, perPage }), [
      { header: 'Number', value: (o) => o.number },
      { header: 'Vendor', value: (o) => o.vendor.name },
      { header: 'Date', value: (o) => o.order_date },
      { header: 'Expected', value: (o) => o.expected_date },
      { header: 'Total', value: (o) => formatMoney(o.total, currency) },
      { header: 'Received %', value: (o) => o.received_percent },
      { header: 'Status', value: (o) => o.status },
    ]);

  const chips = [
    ...(from ? [{ label: `From ${from}`, onRemove: () => state.setFilter('from', null) }] : []),
    ...(to ? [{ label: `To ${to}`, onRemove: () => state.setFilter('to', null) }] : []),
  ];

  return (
    <ListScreen
      title="Purchase orders"
      description="Stock you ordered from vendors, from draft to received."
      label="Purchase orders"
      state={state}
      search={search}
      filters={{
        content: (
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              Order date
            </Text>
            <DateRangeFilter state={state} />
          </Stack>
        ),
        chips,
      }}
      onExport={() => void exportCsv()}
      add={canCreate ? { label: 'New purchase order', to: paths.purchaseOrderCreate } : undefined}
      toolbar={<StatusTabs state={state} tabs={TABS} />}
      list={orders}
      columns={columns}
      getRowId={(o) => o.id}
      onRowClick={(o) => navigate(paths.purchaseOrder(o.id))}
      filtered={Boolean(state.search || status || from || to)}
      noMatch={{
        title: 'No purchase orders match',
        description: 'Try another search, tab or date range.',
        clearLabel: 'Show all purchase orders',
      }}
      empty={{
        title: 'No purchase orders yet',
        description: 'Raise a purchase order to a vendor, then receive the stock when it arrives.',
        action: canCreate ? (
          <Button component={Link} to={paths.purchaseOrderCreate}>
            New purchase order
          </Button>
        ) : undefined,
      }}
    />
  );
}
