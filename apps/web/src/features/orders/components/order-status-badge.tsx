import { Badge } from '@mantine/core';
import { statusColours } from '../../../components/status-badge';
import { orderBadgeKey, orderStatusText } from './order-status';

/** An order's status as the order screen and the orders list show it ("Partly refunded ₦X"). */
export function OrderStatusBadge({
  order,
}: {
  order: { status: string; refunded_total: number; currency: string };
}) {
  const { color, background } = statusColours(orderBadgeKey(order));
  return (
    <Badge radius="sm" variant="filled" styles={{ root: { color, background, textTransform: 'none' } }}>
      {orderStatusText(order)}
    </Badge>
  );
}
