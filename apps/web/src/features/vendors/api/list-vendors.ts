import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Vendor, VendorStatus } from '@tillbook/contract/vendors';
import { api } from '../../../lib/api-client';
import { storeKey, useStoreId } from '../../../lib/current-user';

export interface VendorFilters {
  page: number;
  perPage: number;
  status?: VendorStatus;
  search?: string;
}

export const vendorsKey = (storeId: string | null) => storeKey(storeId, 'vendors');

export const listVendors = (filters: VendorFilters, signal?: AbortSignal) =>
  api.get<Vendor[]>('/vendor', { ...filters }, signal);

export const vendorsQuery = (storeId: string | null, filters: VendorFilters) =>
  queryOptions({
    queryKey: [...vendorsKey(storeId), 'list', filters],
    queryFn: ({ signal }) => listVendors(filters, signal),
    enabled: Boolean(storeId),
    placeholderData: keepPreviousData,
  });

export const useVendors = (filters: VendorFilters) => useQuery(vendorsQuery(useStoreId(), filters));
