import { queryOptions, useQuery } from '@tanstack/react-query';
import { purchaseOrdersRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { purchaseOrderKeys } from './list-purchase-orders';

export const purchaseOrderKey = purchaseOrderKeys.one;

export const getPurchaseOrder = async (id: string, signal?: AbortSignal) =>
  (await call(purchaseOrdersRoutes.get, { params: { id }, signal })).data;

export const purchaseOrderQuery = (storeId: string | null, id: string | undefined) =>
  queryOptions({
    queryKey: purchaseOrderKey(storeId, id),
    queryFn: ({ signal }) => getPurchaseOrder(id!, signal),
    enabled: Boolean(storeId && id),
  });

export const usePurchaseOrder = (id: string | undefined) => useQuery(purchaseOrderQuery(useStoreId(), id));
