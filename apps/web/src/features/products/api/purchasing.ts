import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IncomingStock, PurchaseOrder } from '@tillbook/contract/purchase-orders';
import { api } from '../../../lib/api-client';
import { storeKey, useStoreId } from '../../../lib/current-user';
import { useApiMutation, type ApiMutationOptions } from '../../../lib/use-api-mutation';

/** Units of a product on open purchase orders (issued or partly received). */
export const incomingQuery = (storeId: string | null, productId: string, enabled: boolean) =>
  queryOptions({
    queryKey: storeKey(storeId, 'purchase-orders', 'incoming', productId),
    queryFn: async ({ signal }) =>
      (
        await api.get<IncomingStock>(
          `/purchase_order/incoming/${encodeURIComponent(productId)}`,
          undefined,
          signal,
        )
      ).data,
    enabled: Boolean(storeId) && enabled,
  });

export const useIncomingStock = (productId: string, enabled = true) =>
  useQuery(incomingQuery(useStoreId(), productId, enabled));

/** Starts a draft purchase order for the product from its last vendor, at its last cost. */
export const useReorder = (
  options: Omit<
    ApiMutationOptions<{ product_id: string; quantity?: number }, PurchaseOrder>,
    'kind' | 'call'
  > = {},
) =>
  useApiMutation<{ product_id: string; quantity?: number }, PurchaseOrder>({
    kind: 'create',
    call: (body) => ({ path: '/purchase_order/reorder', method: 'POST', body }),
    invalidate: [storeKey(useStoreId(), 'purchase-orders')],
    persist: false,
    ...options,
  });
