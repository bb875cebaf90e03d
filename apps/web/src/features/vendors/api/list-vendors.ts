import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListFilters } from '@tillbook/contract/common';
import type { vendorListQuery } from '@tillbook/contract/vendors';
import { vendorsRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';

export type VendorFilters = ListFilters<typeof vendorListQuery>;

export const vendorKeys = queryKeys.vendors;

export const listVendors = (filters: VendorFilters, signal?: AbortSignal) =>
  call(vendorsRoutes.list, { query: filters, signal });

export const vendorsQuery = (storeId: string | null, filters: VendorFilters) =>
  queryOptions({
    queryKey: vendorKeys.list(storeId, filters),
    queryFn: ({ signal }) => listVendors(filters, signal),
    enabled: Boolean(storeId),
    placeholderData: keepPreviousData,
  });

export const useVendors = (filters: VendorFilters) => useQuery(vendorsQuery(useStoreId(), filters));
