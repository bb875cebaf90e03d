import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Customer, CustomerOrder } from '@tillbook/contract/customers';
import { api } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { customersKey } from './list-customers';

export const customerKey = (storeId: string | null, id: string | undefined) => [
  ...customersKey(storeId),
  'one',
  id ?? '',
];

export const customerQuery = (storeId: string | null, id: string | undefined) =>
  queryOptions({
    queryKey: customerKey(storeId, id),
    queryFn: async ({ signal }) =>
      (await api.get<Customer>(`/customers/${encodeURIComponent(id!)}`, { storeId }, signal)).data,
    enabled: Boolean(storeId && id),
  });

export const useCustomer = (id: string | undefined) => useQuery(customerQuery(useStoreId(), id));

/** `GET /order/customer/{id}`: the customer's orders, newest first. */
export const customerOrdersQuery = (storeId: string | null, id: string, page: number, perPage: number) =>
  queryOptions({
    queryKey: [...customerKey(storeId, id), 'orders', page, perPage],
    queryFn: ({ signal }) =>
      api.get<CustomerOrder[]>(`/order/customer/${encodeURIComponent(id)}`, { page, perPage }, signal),
    enabled: Boolean(storeId),
    placeholderData: keepPreviousData,
  });

export const useCustomerOrders = (id: string, page: number, perPage: number) =>
  useQuery(customerOrdersQuery(useStoreId(), id, page, perPage));
