import { ORDER_TRANSITIONS, type OrderStatus } from '@tillbook/contract/orders';
import { statusLabel } from '../../../components/status-badge';

/** `success` is shown as "Completed", as merchants say it. */
export const orderStatusLabel = (status: string) =>
  status === 'success' ? 'Completed' : statusLabel(status);

/** The badge key: `success` is coloured and named as "completed". */
export const orderBadgeStatus = (status: string) => (status === 'success' ? 'completed' : status);

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
