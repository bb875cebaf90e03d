import { Badge, NativeSelect, Text } from '@mantine/core';
import { PAYMENT_STATES, orderListQuery, type Order, type OrderStatus } from '@tillbook/contract/orders';
import { useNavigate } from 'react-router';
import { column, dateTimeColumn, moneyColumn, statusColumn } from '../../../components/columns';
import { ListScreen } from '../../../components/list-screen';
import { statusLabel } from '../../../components/status-badge';
import { exportAllPages } from '../../../lib/csv';
import { useCan, useStoreLocale } from '../../../lib/current-user';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useListState } from '../../../lib/use-list-state';
import { listOrders, useOrders } from '../api/list-orders';
import { orderBadgeStatus, orderStatusLabel } from '../components/order-status';
import { DATE_CHIPS, DateRangeFilter, StatusTabs, filterChips } from '../../../components/table-filters';
import { paths } from '../../../config/paths';

const TABS: Array<{ value: OrderStatus | 'all'; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'processing', label: 'Processing' },
  { value: 'success', label: 'Completed' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'refunded', label: 'Refunded' },
];

const COLUMNS = [
  column<Order>('number', 'Number', (o) => (
    <>
      <Text fw={600} size="sm">
        {o.number}
      </Text>
      <OfflineMark order={o} />
    </>
  )),
  column<Order>('items', 'Items', (o) => o.items_count),
  moneyColumn<Order>(
    'total',
    'Amount',
    (o) => o.total,
    (o) => o.currency,
  ),
  column<Order>('customer', 'Customer', (o) => o.customer?.name ?? <Text c="dimmed">Walk-in</Text>),
  dateTimeColumn<Order>('created_at', 'Date', (o) => o.created_at),
  statusColumn<Order>((o) => o.payment_state, 'Payment', 'payment_state'),
  statusColumn<Order>((o) => orderBadgeStatus(o.status)),
];

/** paths.orders: sales by status, searched by number, customer name or phone. */
export default function OrdersScreen() {
  const navigate = useNavigate();
  const state = useListState('orders', orderListQuery, 'Search number, customer or phone');
  const orders = useOrders(state.query);
  const canSell = useCan('orders.create');
  const { currency, timezone } = useStoreLocale();

  // The orders module has no export route yet (decision 0051): the list's pages, written here.
  const exportCsv = () =>
    exportAllPages('orders', (page, perPage) => listOrders({ ...state.query, page, perPage }), [
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

  return (
    <ListScreen
      title="Orders"
      description="Every sale, from the till, the dashboard and the API."
      label="Orders"
      state={state}
      filters={{
        content: (
          <>
            <NativeSelect
              label="Payment"
              data={[
                { value: '', label: 'Any' },
                ...PAYMENT_STATES.map((p) => ({ value: p, label: statusLabel(p) })),
              ]}
              value={state.query.paymentState ?? ''}
              onChange={(e) => state.setFilter('paymentState', e.currentTarget.value || null)}
            />
            <DateRangeFilter state={state} />
          </>
        ),
        chips: filterChips(state, { paymentState: statusLabel, ...DATE_CHIPS }),
      }}
      onExport={exportCsv}
      add={canSell ? { label: 'New sale', to: paths.pointOfSale } : undefined}
      toolbar={<StatusTabs state={state} tabs={TABS} />}
      list={orders}
      columns={COLUMNS}
      onRowClick={(o) => navigate(paths.order(o.id))}
      noun="orders"
      noMatch={{ description: 'Try another search, tab or filter.', clearLabel: 'Show all orders' }}
      empty={{ description: 'Sales made at the point of sale, or through the API, show here.' }}
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
