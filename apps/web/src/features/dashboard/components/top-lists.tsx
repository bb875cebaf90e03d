import { Anchor, Avatar, Button, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { WidgetCard } from '../../../components/insight-cards';
import { DateTime, Money } from '../../../components/money';
import { StatusBadge } from '../../../components/status-badge';
import { paths } from '../../../app/paths';
import { useCan } from '../../../lib/current-user';
import { formatCount } from '../../../lib/format';
import { useRecentOrders, useTopCustomers, useTopProducts } from '../api/dashboard';

/** Customers who spent most (net of refunds), each a link to the customer. */
export function TopCustomersCard() {
  const q = useTopCustomers();
  return (
    <WidgetCard
      title="Top customers"
      loading={q.isPending}
      error={q.error}
      onRetry={() => void q.refetch()}
      isEmpty={q.data?.length === 0}
      empty={
        <Text size="sm" c="dimmed">
          Sales to named customers show here. Pick a customer at the till to track what they buy.
        </Text>
      }
      actions={
        <Anchor component={Link} to={paths.customers} size="sm">
          All customers
        </Anchor>
      }
    >
      <ScrollArea type="auto">
        <Table verticalSpacing="xs" aria-label="Top customers">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Customer</Table.Th>
              <Table.Th ta="right">Orders</Table.Th>
              <Table.Th ta="right">Spent</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {q.data?.map((c) => (
              <Table.Tr key={c.customer_id}>
                <Table.Td>
                  <Anchor component={Link} to={paths.customer(c.customer_id)} size="sm" fw={600}>
                    {c.name}
                  </Anchor>
                  <Text size="xs" c="dimmed" truncate maw={220}>
                    {c.email ?? c.phone_number ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{formatCount(c.orders)}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  <Money minor={c.spent} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </WidgetCard>
  );
}

/** Products that earned most (net of refunds), each a link to the product. */
export function TopProductsCard() {
  const q = useTopProducts();
  return (
    <WidgetCard
      title="Top products"
      loading={q.isPending}
      error={q.error}
      onRetry={() => void q.refetch()}
      isEmpty={q.data?.length === 0}
      empty={
        <Text size="sm" c="dimmed">
          Your best sellers show here once you sell.
        </Text>
      }
      actions={
        <Anchor component={Link} to={paths.products} size="sm">
          All products
        </Anchor>
      }
    >
      <ScrollArea type="auto">
        <Table verticalSpacing="xs" aria-label="Top products">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th ta="right">Units sold</Table.Th>
              <Table.Th ta="right">Revenue</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {q.data?.map((p) => (
              <Table.Tr key={p.product_id}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <Avatar src={p.image} alt="" size={32} radius="sm" color="brand" name={p.name} />
                    <Anchor component={Link} to={paths.product(p.product_id)} size="sm" fw={600}>
                      {p.name}
                    </Anchor>
                  </Group>
                </Table.Td>
                <Table.Td ta="right">{formatCount(p.units)}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  <Money minor={p.revenue} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </WidgetCard>
  );
}

/** The newest orders whatever their status, each with a way to open it. */
export function RecentOrdersCard({ compact = false }: { compact?: boolean }) {
  const q = useRecentOrders();
  const canSell = useCan('orders.create');
  const rows = compact ? q.data?.slice(0, 5) : q.data;
  return (
    <WidgetCard
      title="Recent orders"
      loading={q.isPending}
      error={q.error}
      onRetry={() => void q.refetch()}
      isEmpty={q.data?.length === 0}
      empty={
        <Stack gap="xs" align="center">
          <Text size="sm" c="dimmed">
            No orders yet.
          </Text>
          {canSell && (
            <Button component={Link} to={paths.pointOfSale} size="xs">
              New sale
            </Button>
          )}
        </Stack>
      }
      actions={
        <Anchor component={Link} to={paths.orders} size="sm">
          All orders
        </Anchor>
      }
    >
      <ScrollArea type="auto">
        <Table verticalSpacing="xs" miw={compact ? 420 : 620} aria-label="Recent orders">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Number</Table.Th>
              <Table.Th>Product</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              {!compact && <Table.Th ta="right">Quantity</Table.Th>}
              <Table.Th>Status</Table.Th>
              {!compact && <Table.Th>Date</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows?.map((o) => (
              <Table.Tr key={o.id}>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={paths.order(o.id)}
                    size="sm"
                    fw={600}
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {o.number}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" truncate maw={220}>
                    {o.product}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  <Money minor={o.amount} />
                </Table.Td>
                {!compact && <Table.Td ta="right">{formatCount(o.quantity)}</Table.Td>}
                <Table.Td>
                  <StatusBadge status={o.status === 'success' ? 'completed' : o.status} />
                </Table.Td>
                {!compact && (
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      <DateTime iso={o.created_at} />
                    </Text>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </WidgetCard>
  );
}
