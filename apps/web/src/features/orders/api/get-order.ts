import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderDetail } from '@tillbook/contract/orders';
import { api } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { ordersKey } from './list-orders';

export const orderKey = (storeId: string | null, id: string | undefined) => [
  ...ordersKey(storeId),
  'one',
  id ?? '',
];

export const getOrder = async (id: string, signal?: AbortSignal) =>
  (await api.get<OrderDetail>(`/order/${encodeURIComponent(id)}`, undefined, signal)).data;

export const orderQuery = (storeId: string | null, id: string | undefined) =>
  queryOptions({
    queryKey: orderKey(storeId, id),
    queryFn: ({ signal }) => getOrder(id!, signal),
    enabled: Boolean(storeId && id),
  });

export const useOrder = (id: string | undefined) => useQuery(orderQuery(useStoreId(), id));
