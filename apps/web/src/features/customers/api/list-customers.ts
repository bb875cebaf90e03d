import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListFilters } from '@tillbook/contract/common';
import type { customerExportQuery, customerListQuery } from '@tillbook/contract/customers';
import { customersRoutes } from '@tillbook/contract/route-refs';
import { call, downloadRoute } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { BALANCE_STALE_MS, queryKeys } from '../../../lib/query-keys';

export type CustomerFilters = ListFilters<typeof customerListQuery>;

export const customersKey = queryKeys.customers.all;

export const listCustomers = (filters: CustomerFilters, signal?: AbortSignal) =>
  call(customersRoutes.list, { query: filters, signal });

export const customersQuery = (storeId: string | null, filters: CustomerFilters) =>
  queryOptions({
    queryKey: queryKeys.customers.list(storeId, filters),
    queryFn: ({ signal }) => listCustomers(filters, signal),
    enabled: Boolean(storeId),
    // Each row carries what the customer owes, which any till's sale on credit changes.
    staleTime: BALANCE_STALE_MS,
    placeholderData: keepPreviousData,
  });

export const useCustomers = (filters: CustomerFilters) => useQuery(customersQuery(useStoreId(), filters));

/** The customers matching the list's filters as a CSV file (the import template's columns). */
export const exportCustomers = (filters: ListFilters<typeof customerExportQuery>) =>
  downloadRoute(customersRoutes.export, { query: filters }, 'customers.csv');
