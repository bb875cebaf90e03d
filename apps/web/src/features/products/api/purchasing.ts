import { queryOptions, useQuery } from '@tanstack/react-query';
import { purchaseOrdersRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';
import { useRouteMutation, type RouteMutationOptions } from '../../../lib/use-api-mutation';

type ReorderVars = { product_id: string; quantity?: number };

/** Units of a product on open purchase orders (issued or partly received). */
export const incomingQuery = (storeId: string | null, productId: string, enabled: boolean) =>
  queryOptions({
    queryKey: queryKeys.purchaseOrders.part(storeId, 'incoming', productId),
    queryFn: async ({ signal }) =>
      (await call(purchaseOrdersRoutes.incoming, { params: { id: productId }, signal })).data,
    enabled: Boolean(storeId) && enabled,
  });

export const useIncomingStock = (productId: string, enabled = true) =>
  useQuery(incomingQuery(useStoreId(), productId, enabled));

/** Starts a draft purchase order for the product from its last vendor, at its last cost. */
export const useReorder = (
  options: Omit<RouteMutationOptions<typeof purchaseOrdersRoutes.reorder, ReorderVars>, 'kind' | 'args'> = {},
) =>
  useRouteMutation(purchaseOrdersRoutes.reorder, {
    kind: 'create',
    args: (body: ReorderVars) => ({ body }),
    invalidate: [queryKeys.purchaseOrders.all(useStoreId())],
    persist: false,
    ...options,
  });
