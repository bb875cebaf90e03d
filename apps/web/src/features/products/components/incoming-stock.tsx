import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/states';
import { StatusBadge } from '../../../components/status-badge';
import { useIncomingStock } from '../api/purchasing';
import { paths } from '../../../config/paths';

/** Units on open purchase orders, with each order and when it is expected. */
export function IncomingStock({ productId }: { productId: string }) {
  const incoming = useIncomingStock(productId);
  if (incoming.isPending) return <LoadingState rows={2} label="Loading incoming stock" />;
  if (incoming.isError) return <ErrorState error={incoming.error} onRetry={() => void incoming.refetch()} />;
  const { incoming: units, orders } = incoming.data;
  if (!orders.length) {
    return (
      <Text size="sm" c="dimmed">
        Nothing on order. Issued purchase orders for this product show here until they are received.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600} aria-label="Units incoming">
        {units.toLocaleString('en')} unit{units === 1 ? '' : 's'} incoming
      </Text>
      {orders.map((o) => (
        <Group key={o.id} justify="space-between" wrap="nowrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Anchor component={Link} to={paths.purchaseOrder(o.id)} size="sm" fw={600}>
              {o.number}
            </Anchor>
            <Text size="xs" c="dimmed" truncate>
              {o.vendor_name}
              {o.expected_date ? ` · expected ${o.expected_date}` : ''}
            </Text>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm">{o.outstanding}</Text>
            <StatusBadge status={o.status} />
          </Group>
        </Group>
      ))}
    </Stack>
  );
}
