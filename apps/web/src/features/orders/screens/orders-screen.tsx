import { Badge, Text } from '@mantine/core';
import { PAYMENT_STATES, orderListQuery, type Order, type OrderStatus } from '@tillbook/contract/orders';
import { useNavigate } from 'react-router';
import { ordersRoutes } from '@tillbook/contract/route-refs';
import { column, dateTimeColumn, moneyColumn, statusColumn } from '../../../components/columns';
import { ListScreen } from '../../../components/list-screen';
import { statusLabel } from '../../../components/status-badge';
import { downloadRoute } from '../../../lib/api-client';
import { useCan } from '../../../lib/current-user';
import { useListState } from '../../../lib/use-list-state';
import { useOrders } from '../api/list-orders';
import { OrderStatusBadge } from '../components/order-status-badge';
import { datedListFilters } from '../../../components/dated-list-filters';
import { StatusTabs, statusTabs } from '../../../components/table-filters';
import { paths } from '../../../config/paths';

const TABS = statusTabs(
  ['pending', 'processing', 'success', 'cancelled', 'refunded'] satisfies OrderStatus[],
  {
    success: 'Completed',
  },
);

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
  column<Order>(
    'status',
    'Status',
    (o) => (
      <div style={{ minWidth: 'max-content' }}>
        <OrderStatusBadge order={o} />
      </div>
    ),
    { card: 'status' },
  ),
];

/** paths.orders: sales by status, searched by number, customer name or phone. */
export default function OrdersScreen() {
  const navigate = useNavigate();
  const state = useListState('orders', orderListQuery, 'Search number, customer or phone');
  const orders = useOrders(state.query);
  const canSell = useCan('orders.create');

  return (
    <ListScreen
      title="Orders"
      description="Every sale, from the till, the dashboard and the API."
      state={state}
      filters={datedListFilters(state, {
        anyOf: {
          name: 'paymentState',
          label: 'Payment',
          value: state.query.paymentState,
          data: PAYMENT_STATES.map((p) => ({ value: p, label: statusLabel(p) })),
          chip: statusLabel,
        },
      })}
      onExport={() => downloadRoute(ordersRoutes.export, { query: state.exportQuery }, 'orders.csv')}
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
