import { Badge, Button, NativeSelect, Stack, Text } from '@mantine/core';
import { PAYMENT_STATES, type Order, type OrderStatus, type PaymentState } from '@tillbook/contract/orders';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { ListScreen } from '../../../components/list-screen';
import { DateTime, Money } from '../../../components/money';
import { StatusBadge, statusLabel } from '../../../components/status-badge';
import { exportAllPages } from '../../../lib/csv';
import { useCan, useStoreLocale } from '../../../lib/current-user';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useTableState } from '../../../lib/use-table-state';
import { useSearchBox } from '../../../lib/use-search-box';
import { listOrders, useOrders } from '../api/list-orders';
import { orderBadgeStatus, orderStatusLabel } from '../components/order-status';
import { DateRangeFilter, StatusTabs } from '../../../components/table-filters';
import { paths } from '../../../app/paths';

const TABS: Array<{ value: OrderStatus | 'all'; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'processing', label: 'Processing' },
  { value: 'success', label: 'Completed' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'refunded', label: 'Refunded' },
];

/** paths.orders: sales by status, searched by number, customer name or phone. */
export default function OrdersScreen() {
  const navigate = useNavigate();
  const state = useTableState('orders', ['status', 'paymentState', 'from', 'to']);
  const search = useSearchBox(state, 'Search number, customer or phone');
  const status = (state.filters.status as OrderStatus | undefined) || undefined;
  const paymentState = (state.filters.paymentState as PaymentState | undefined) || undefined;
  const { from, to } = state.filters;
  const filters = {
    page: state.page,
    perPage: state.perPage,
    status,
    paymentState,
    search: state.search || undefined,
    from: from || undefined,
    to: to || undefined,
  };
  const orders = useOrders(filters);
  const canSell = useCan('orders.create');
  const { currency, timezone } = useStoreLocale();

  const columns = useMemo<ColumnDef<Order, unknown>[]>(
    () => [
      {
        id: 'number',
        header: 'Number',
        enableSorting: false,
        cell: ({ row }) => (
          <>
            <Text fw={600} size="sm">
              {row.original.number}
            </Text>
            <OfflineMark order={row.original} />
          </>
        ),
      },
      { id: 'items', header: 'Items', enableSorting: false, cell: ({ row }) => row.original.items_count },
      {
        id: 'total',
        header: 'Amount',
        enableSorting: false,
        cell: ({ row }) => <Money minor={row.original.total} currency={row.original.currency} />,
      },
      {
        id: 'customer',
        header: 'Customer',
        enableSorting: false,
        cell: ({ row }) => row.original.customer?.name ?? <Text c="dimmed">Walk-in</Text>,
      },
      {
        id: 'created_at',
        header: 'Date',
        enableSorting: false,
        cell: ({ row }) => <DateTime iso={row.original.created_at} />,
      },
      {
        id: 'payment_state',
        header: 'Payment',
        enableSorting: false,
        cell: ({ row }) => <StatusBadge status={row.original.payment_state} />,
      },
      {
        id: 'status',
        header: 'Status',
        enableSorting: false,
        cell: ({ row }) => <StatusBadge status={orderBadgeStatus(row.original.status)} />,
      },
    ],
    [],
  );

  const exportCsv = () =>
    exportAllPages('orders', (page, perPage) => listOrders({ ...filters, page, perPage }), [
      { header: 'Number', value: (o) => o.number },
      { header: 'Items', value: (o) => o.items_count },
      { header: 'Amount', value: (o) => formatMoney(o.total, o.currency || currency) },
      { header: 'Received', value: (o) => formatMoney(o.amount_received, o.currency || currency) },
      { header: 'Outstanding', value: (o) => formatMoney(o.amount_outstanding, o.currency || currency) },
      { header: 'Customer', value: (o) => o.customer?.name ?? 'Walk-in' },
      { header: 'Phone', value: (o) => o.customer?.phone_number },
      { header: 'Date', value: (o) => formatDateTime(o.created_at, timezone) },
      { header: 'Payment type', value: (o) => o.payment_type },
      { header: 'Payment', value: (o) => o.payment_state },
      { header: 'Status', value: (o) => orderStatusLabel(o.status) },
      { header: 'Offline number', value: (o) => o.offline_number },
      { header: 'Offline issues', value: (o) => o.offline_issues.map((i) => i.message).join(' ') },
    ]);

  const chips = [
    ...(paymentState
      ? [{ label: statusLabel(paymentState), onRemove: () => state.setFilter('paymentState', null) }]
      : []),
    ...(from ? [{ label: `From ${from}`, onRemove: () => state.setFilter('from', null) }] : []),
    ...(to ? [{ label: `To ${to}`, onRemove: () => state.setFilter('to', null) }] : []),
  ];
  const filtered = Boolean(state.search || status || paymentState || from || to);

  return (
    <ListScreen
      title="Orders"
      description="Every sale, from the till, the dashboard and the API."
      label="Orders"
      state={state}
      search={search}
      filters={{
        content: (
          <Stack gap="xs">
            <NativeSelect
              label="Payment"
              data={[
                { value: '', label: 'Any' },
                ...PAYMENT_STATES.map((p) => ({ value: p, label: statusLabel(p) })),
              ]}
              value={paymentState ?? ''}
              onChange={(e) => state.setFilter('paymentState', e.currentTarget.value || null)}
            />
            <DateRangeFilter state={state} />
          </Stack>
        ),
        chips,
      }}
      onExport={() => void exportCsv()}
      add={canSell ? { label: 'New sale', to: paths.pointOfSale } : undefined}
      toolbar={<StatusTabs state={state} tabs={TABS} />}
      list={orders}
      columns={columns}
      getRowId={(o) => o.id}
      onRowClick={(o) => navigate(paths.order(o.id))}
      filtered={filtered}
      noMatch={{
        title: 'No orders match',
        description: 'Try another search, tab or filter.',
        clearLabel: 'Show all orders',
      }}
      empty={{
        title: 'No orders yet',
        description: 'Sales made at the point of sale, or through the API, show here.',
        action: canSell ? (
          <Button component={Link} to={paths.pointOfSale}>
            New sale
          </Button>
        ) : undefined,
      }}
    />
  );
}

/**
 * A sale made offline (decision 0036): its device number, and what needs a decision or was
 * flagged when it arrived (stock taken below zero, a price changed), with the reasons as its title.
 */
function OfflineMark({ order }: { order: Order }) {
  if (!order.offline_number) return null;
  const reasons = order.offline_issues.map((i) => i.message).join(' ');
  return (
    <>
      <Text size="xs" c="dimmed">
        Offline {order.offline_number}
      </Text>
      {order.offline_state === 'needs_review' ? (
        <Badge color="red" variant="light" size="sm" title={reasons}>
          Needs a decision
        </Badge>
      ) : order.offline_issues.length > 0 ? (
        <Badge color="orange" variant="light" size="sm" title={reasons}>
          Flagged
        </Badge>
      ) : null}
    </>
  );
}
