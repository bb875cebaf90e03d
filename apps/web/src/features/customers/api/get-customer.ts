import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { customersRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { BALANCE_STALE_MS, queryKeys } from '../../../lib/query-keys';

export const customerKey = queryKeys.customers.one;

export const customerQuery = (storeId: string | null, id: string | undefined) =>
  queryOptions({
    queryKey: customerKey(storeId, id),
    queryFn: async ({ signal }) =>
      (await call(customersRoutes.get, { params: { id: id! }, query: undefined, signal })).data,
    enabled: Boolean(storeId && id),
    // The customer carries what they owe, which any till's sale on credit changes.
    staleTime: BALANCE_STALE_MS,
  });

export const useCustomer = (id: string | undefined) => useQuery(customerQuery(useStoreId(), id));

/** `GET /order/customer/{id}`: the customer's orders, newest first. */
export const customerOrdersQuery = (storeId: string | null, id: string, page: number, perPage: number) =>
  queryOptions({
    queryKey: queryKeys.customers.part(storeId, 'one', id, 'orders', page, perPage),
    queryFn: ({ signal }) =>
      call(customersRoutes.orders, { params: { id }, query: { page, perPage }, signal }),
    enabled: Boolean(storeId),
    placeholderData: keepPreviousData,
  });

export const useCustomerOrders = (id: string, page: number, perPage: number) =>
  useQuery(customerOrdersQuery(useStoreId(), id, page, perPage));
