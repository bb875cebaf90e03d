import { Avatar, Group, Text } from '@mantine/core';
import { ListCard, NoOrdersYet, orderNumber, orderStatus, RecordLink } from '../../../components/list-card';
import { DateTime, Money } from '../../../components/money';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/current-user';
import { formatCount } from '../../../lib/format';
import { useRecentOrders, useTopCustomers, useTopProducts } from '../api/dashboard';

/** Customers who spent most (net of refunds), each a link to the customer. */
export function TopCustomersCard() {
  return (
    <ListCard
      title="Top customers"
      query={useTopCustomers()}
      rowKey={(c) => c.customer_id}
      empty={
        <Text size="sm" c="dimmed">
          Sales to named customers show here. Pick a customer at the till to track what they buy.
        </Text>
      }
      all={{ to: paths.customers, label: 'All customers' }}
      columns={[
        {
          header: 'Customer',
          cell: (c) => (
            <>
              <RecordLink to={paths.customer(c.customer_id)}>{c.name}</RecordLink>
              <Text size="xs" c="dimmed" truncate maw={220}>
                {c.email ?? c.phone_number ?? '—'}
              </Text>
            </>
          ),
        },
        { header: 'Orders', numeric: true, cell: (c) => formatCount(c.orders) },
        { header: 'Spent', numeric: true, noWrap: true, cell: (c) => <Money minor={c.spent} /> },
      ]}
    />
  );
}

/** Products that earned most (net of refunds), each a link to the product. */
export function TopProductsCard() {
  return (
    <ListCard
      title="Top products"
      query={useTopProducts()}
      rowKey={(p) => p.product_id}
      empty={
        <Text size="sm" c="dimmed">
          Your best sellers show here once you sell.
        </Text>
      }
      all={{ to: paths.products, label: 'All products' }}
      columns={[
        {
          header: 'Product',
          cell: (p) => (
            <Group gap="sm" wrap="nowrap">
              <Avatar src={p.image} alt="" size={32} radius="sm" color="brand" name={p.name} />
              <RecordLink to={paths.product(p.product_id)}>{p.name}</RecordLink>
            </Group>
          ),
        },
        { header: 'Units sold', numeric: true, cell: (p) => formatCount(p.units) },
        { header: 'Revenue', numeric: true, noWrap: true, cell: (p) => <Money minor={p.revenue} /> },
      ]}
    />
  );
}

/** The newest orders whatever their status, each with a way to open it. */
export function RecentOrdersCard() {
  const canSell = useCan('orders.create');
  return (
    <ListCard
      title="Recent orders"
      query={useRecentOrders()}
      rowKey={(o) => o.id}
      empty={<NoOrdersYet text="No orders yet." canSell={canSell} />}
      all={{ to: paths.orders, label: 'All orders' }}
      miw={620}
      columns={[
        { header: 'Number', cell: orderNumber },
        {
          header: 'Product',
          cell: (o) => (
            <Text size="sm" truncate maw={220}>
              {o.product}
            </Text>
          ),
        },
        { header: 'Amount', numeric: true, noWrap: true, cell: (o) => <Money minor={o.amount} /> },
        { header: 'Quantity', numeric: true, cell: (o) => formatCount(o.quantity) },
        { header: 'Status', cell: orderStatus },
        {
          header: 'Date',
          cell: (o) => (
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              <DateTime iso={o.created_at} />
            </Text>
          ),
        },
      ]}
    />
  );
}
