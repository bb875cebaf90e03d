import { ORDER_TRANSITIONS, type OrderStatus } from '@tillbook/contract/orders';
import { statusLabel } from '../../../components/status-badge';
import { formatMoney } from '../../../lib/format';

/** `success` is shown as "Completed", as merchants say it. */
export const orderStatusLabel = (status: string) =>
  status === 'success' ? 'Completed' : statusLabel(status);

/**
 * What an order's status badge reads: a completed order with some of it refunded is "Partly
 * refunded ₦X" (the value returned so far), not "Completed", so nobody takes it for untouched.
 */
export function orderStatusText(order: { status: string; refunded_total: number; currency: string }): string {
  if (order.status === 'success' && order.refunded_total > 0)
    return `Partly refunded ${formatMoney(order.refunded_total, order.currency)}`;
  return orderStatusLabel(order.status);
}

/** The badge key: `success` is coloured and named as "completed". */
export const orderBadgeStatus = (status: string) => (status === 'success' ? 'completed' : status);

/** The badge colour key of an order: a partly refunded one is blue, as `partially_*` states are. */
export const orderBadgeKey = (order: { status: string; refunded_total: number }) =>
  order.status === 'success' && order.refunded_total > 0
    ? 'partially_refunded'
    : orderBadgeStatus(order.status);

/**
 * The forward moves offered as buttons from a status (the contract's transitions less
 * cancelling and refunding, which are their own confirmed actions).
 */
export function nextStatuses(status: OrderStatus): OrderStatus[] {
  return ORDER_TRANSITIONS[status].filter((s) => s !== 'cancelled' && s !== 'refunded');
}

export const STATUS_ACTION_LABELS: Partial<Record<OrderStatus, string>> = {
  processing: 'Mark processing',
  success: 'Mark completed',
};
