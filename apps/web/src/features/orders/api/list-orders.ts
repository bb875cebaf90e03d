import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Order, OrderStatus, PaymentState } from '@tillbook/contract/orders';
import { api } from '../../../lib/api-client';
import { storeKey, useStoreId } from '../../../lib/current-user';

export interface OrderFilters {
  page: number;
  perPage: number;
  status?: OrderStatus;
  paymentState?: PaymentState;
  search?: string;
  from?: string;
  to?: string;
}

/** Every order query of a store starts with this key, so one invalidation refreshes them all. */
export const ordersKey = (storeId: string | null) => storeKey(storeId, 'orders');

export const listOrders = (filters: OrderFilters, signal?: AbortSignal) =>
  api.get<Order[]>('/order', { ...filters }, signal);

export const ordersQuery = (storeId: string | null, filters: OrderFilters) =>
  queryOptions({
    queryKey: [...ordersKey(storeId), 'list', filters],
    queryFn: ({ signal }) => listOrders(filters, signal),
    enabled: Boolean(storeId),
    placeholderData: keepPreviousData,
  });

export const useOrders = (filters: OrderFilters) => useQuery(ordersQuery(useStoreId(), filters));
