import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PurchaseOrder } from '@tillbook/contract/purchase-orders';
import { api } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { purchaseOrdersKey } from './list-purchase-orders';

export const purchaseOrderKey = (storeId: string | null, id: string | undefined) => [
  ...purchaseOrdersKey(storeId),
  'one',
  id ?? '',
];

export const getPurchaseOrder = async (id: string, signal?: AbortSignal) =>
  (await api.get<PurchaseOrder>(`/purchase_order/${encodeURIComponent(id)}`, undefined, signal)).data;

export const purchaseOrderQuery = (storeId: string | null, id: string | undefined) =>
  queryOptions({
    queryKey: purchaseOrderKey(storeId, id),
    queryFn: ({ signal }) => getPurchaseOrder(id!, signal),
    enabled: Boolean(storeId && id),
  });

export const usePurchaseOrder = (id: string | undefined) => useQuery(purchaseOrderQuery(useStoreId(), id));
