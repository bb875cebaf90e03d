import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Customer, CustomerFilter } from '@tillbook/contract/customers';
import { api } from '../../../lib/api-client';
import { storeKey, useStoreId } from '../../../lib/current-user';

export interface CustomerFilters {
  page: number;
  perPage: number;
  filter?: CustomerFilter;
  search?: string;
  sort?: 'created_at' | 'name';
  order?: 'asc' | 'desc';
}

export const customersKey = (storeId: string | null) => storeKey(storeId, 'customers');

export const listCustomers = (filters: CustomerFilters, signal?: AbortSignal) =>
  api.get<Customer[]>('/customers/paginated-results', { ...filters }, signal);

export const customersQuery = (storeId: string | null, filters: CustomerFilters) =>
  queryOptions({
    queryKey: [...customersKey(storeId), 'list', filters],
    queryFn: ({ signal }) => listCustomers(filters, signal),
    enabled: Boolean(storeId),
    placeholderData: keepPreviousData,
  });

export const useCustomers = (filters: CustomerFilters) => useQuery(customersQuery(useStoreId(), filters));
