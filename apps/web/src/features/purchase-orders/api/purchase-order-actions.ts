import type { PurchaseOrder, receiveBody } from '@tillbook/contract/purchase-orders';
import type { z } from 'zod';
import { storeKey, useStoreId } from '../../../lib/current-user';
import { useApiMutation, type ApiMutationOptions } from '../../../lib/use-api-mutation';
import { purchaseOrdersKey } from './list-purchase-orders';

type Options<V> = Omit<ApiMutationOptions<V, PurchaseOrder>, 'kind' | 'call'>;
export type ReceiveBody = z.input<typeof receiveBody>;

const action = (verb: 'issue' | 'cancel') => (id: string) => ({
  path: `/purchase_order/${encodeURIComponent(id)}/${verb}`,
  method: 'POST' as const,
});

export const useIssuePurchaseOrder = (options: Options<string> = {}) =>
  useApiMutation<string, PurchaseOrder>({
    kind: 'update',
    call: action('issue'),
    invalidate: [purchaseOrdersKey(useStoreId())],
    ...options,
  });

export const useCancelPurchaseOrder = (options: Options<string> = {}) =>
  useApiMutation<string, PurchaseOrder>({
    kind: 'update',
    call: action('cancel'),
    invalidate: [purchaseOrdersKey(useStoreId())],
    ...options,
  });

/**
 * Receives stock. The idempotency key belongs to one receipt: the screen makes it when the
 * receive form opens and resends it on a retry (or after a reload, offline), so a receipt is
 * never counted twice.
 */
export const receivePurchaseOrderCall = ({
  id,
  key,
  body,
}: {
  id: string;
  key: string;
  body: ReceiveBody;
}) => ({
  path: `/purchase_order/${encodeURIComponent(id)}/receive`,
  method: 'POST' as const,
  body,
  headers: { 'Idempotency-Key': key },
});

export const useReceivePurchaseOrder = (
  options: Options<{ id: string; key: string; body: ReceiveBody }> = {},
) => {
  const storeId = useStoreId();
  return useApiMutation<{ id: string; key: string; body: ReceiveBody }, PurchaseOrder>({
    kind: 'save',
    call: receivePurchaseOrderCall,
    // Stock changed too: product screens and lists ask again.
    invalidate: [purchaseOrdersKey(storeId), storeKey(storeId, 'products')],
    ...options,
  });
};
