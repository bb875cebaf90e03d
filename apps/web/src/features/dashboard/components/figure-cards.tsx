import { Text } from '@mantine/core';
import { ChangeBadge, StatCard } from '../../../components/insight-cards';
import { Money } from '../../../components/money';
import { paths } from '../../../config/paths';
import { formatCount } from '../../../lib/format';
import { useTodaySales, useTotalCustomers, useTotalOrders, useTotalSales } from '../api/dashboard';

/** All-time sales, net of refunds; the completed orders behind them. */
export function TotalSalesCard() {
  const q = useTotalSales();
  return (
    <StatCard
      label="Total sales"
      loading={q.isPending}
      error={q.error}
      onRetry={() => void q.refetch()}
      value={q.data && <Money minor={q.data.total_sales} currency={q.data.currency} />}
      footer={
        q.data && (
          <Text size="xs" c="dimmed">
            {q.data.orders === 0
              ? 'No sales yet: they add up here.'
              : `From ${formatCount(q.data.orders)} completed ${q.data.orders === 1 ? 'order' : 'orders'}`}
          </Text>
        )
      }
      to={`${paths.orders}?status=success`}
      linkLabel="View completed orders"
    />
  );
}

/** Today's sales against yesterday's: green and up, or red and down. */
export function TodaySalesCard() {
  const q = useTodaySales();
  const today = q.data?.date;
  return (
    <StatCard
      label="Today's sales"
      loading={q.isPending}
      error={q.error}
      onRetry={() => void q.refetch()}
      value={q.data && <Money minor={q.data.today} currency={q.data.currency} />}
      footer={
        q.data &&
        (q.data.today === 0 && q.data.yesterday === 0 ? (
          <Text size="xs" c="dimmed">
            No sales yet today or yesterday.
          </Text>
        ) : (
          <ChangeBadge
            percent={q.data.change_percent}
            current={q.data.today}
            previous={q.data.yesterday}
            against="vs yesterday"
          />
        ))
      }
      to={today ? `${paths.orders}?from=${today}&to=${today}` : paths.orders}
      linkLabel="View today's orders"
    />
  );
}

/** Every customer of the store, and those added. */
export function CustomersCard() {
  const q = useTotalCustomers();
  return (
    <StatCard
      label="Customers"
      loading={q.isPending}
      error={q.error}
      onRetry={() => void q.refetch()}
      value={q.data && formatCount(q.data.total)}
      footer={
        q.data && (
          <Text size="xs" c="dimmed">
            {q.data.total === 0
              ? 'Add customers at the till or import them.'
              : `${formatCount(q.data.buying)} have bought`}
          </Text>
        )
      }
      to={paths.customers}
      linkLabel="View customers"
    />
  );
}

/** Orders placed, and how many of them completed or are still open. */
export function OrdersCard() {
  const q = useTotalOrders();
  return (
    <StatCard
      label="Orders"
      loading={q.isPending}
      error={q.error}
      onRetry={() => void q.refetch()}
      value={q.data && formatCount(q.data.placed)}
      footer={
        q.data && (
          <Text size="xs" c="dimmed">
            {q.data.placed === 0
              ? 'No orders yet: sell at the point of sale.'
              : `${formatCount(q.data.completed)} completed · ${formatCount(q.data.open)} open`}
          </Text>
        )
      }
      to={paths.orders}
      linkLabel="View orders"
    />
  );
}
