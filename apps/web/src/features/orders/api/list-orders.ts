import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListFilters } from '@tillbook/contract/common';
import type { orderListQuery } from '@tillbook/contract/orders';
import { ordersRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';

export type OrderFilters = ListFilters<typeof orderListQuery>;

export const orderKeys = queryKeys.orders;

/** Every order query of a store starts with this key, so one invalidation refreshes them all. */
export const ordersKey = orderKeys.all;

export const listOrders = (filters: OrderFilters, signal?: AbortSignal) =>
  call(ordersRoutes.list, { query: filters, signal });

export const ordersQuery = (storeId: string | null, filters: OrderFilters) =>
  queryOptions({
    queryKey: orderKeys.list(storeId, filters),
    queryFn: ({ signal }) => listOrders(filters, signal),
    enabled: Boolean(storeId),
    placeholderData: keepPreviousData,
  });

export const useOrders = (filters: OrderFilters) => useQuery(ordersQuery(useStoreId(), filters));
