import type { Order, OrderStatus, RefundResult } from '@tillbook/contract/orders';
import { storeKey, useStoreId } from '../../../lib/current-user';
import { useApiMutation, type ApiMutationOptions } from '../../../lib/use-api-mutation';
import { ordersKey } from './list-orders';

type Options<V, D> = Omit<ApiMutationOptions<V, D>, 'kind' | 'call'>;

export interface StatusChange {
  id: string;
  status: OrderStatus;
  reason?: string;
}

export const changeStatusCall = ({ id, status, reason }: StatusChange) => ({
  path: `/order/status/${encodeURIComponent(id)}`,
  method: 'PATCH' as const,
  body: reason ? { status, reason } : { status },
});

/** Status changes can return stock (cancel, refund): product screens ask again too. */
export const useChangeOrderStatus = (options: Options<StatusChange, Order> = {}) => {
  const storeId = useStoreId();
  return useApiMutation<StatusChange, Order>({
    kind: 'update',
    call: changeStatusCall,
    invalidate: [ordersKey(storeId), storeKey(storeId, 'products'), storeKey(storeId, 'payments')],
    ...options,
  });
};

export interface RefundRequest {
  id: string;
  key: string;
  reason: string;
  items?: Array<{ product_id: string; quantity: number }>;
}

/** A refund carries its idempotency key: made when the refund form opens, reused on a retry. */
export const refundCall = ({ id, key, reason, items }: RefundRequest) => ({
  path: `/order/${encodeURIComponent(id)}/refund`,
  method: 'POST' as const,
  body: items?.length ? { reason, items } : { reason },
  headers: { 'Idempotency-Key': key },
});

export const useRefundOrder = (options: Options<RefundRequest, RefundResult> = {}) => {
  const storeId = useStoreId();
  return useApiMutation<RefundRequest, RefundResult>({
    kind: 'update',
    call: refundCall,
    invalidate: [ordersKey(storeId), storeKey(storeId, 'products'), storeKey(storeId, 'payments')],
    ...options,
  });
};
