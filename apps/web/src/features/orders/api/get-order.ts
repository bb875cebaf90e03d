import { queryOptions, useQuery } from '@tanstack/react-query';
import { ordersRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { orderKeys } from './list-orders';

export const orderKey = orderKeys.one;

export const getOrder = async (id: string, signal?: AbortSignal) =>
  (await call(ordersRoutes.get, { params: { id }, signal })).data;

export const orderQuery = (storeId: string | null, id: string | undefined) =>
  queryOptions({
    queryKey: orderKey(storeId, id),
    queryFn: ({ signal }) => getOrder(id!, signal),
    enabled: Boolean(storeId && id),
  });

export const useOrder = (id: string | undefined) => useQuery(orderQuery(useStoreId(), id));
