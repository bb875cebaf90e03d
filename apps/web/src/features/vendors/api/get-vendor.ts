import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VendorDetail } from '@tillbook/contract/vendors';
import { api } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { vendorsKey } from './list-vendors';

export const vendorKey = (storeId: string | null, id: string | undefined) => [
  ...vendorsKey(storeId),
  'one',
  id ?? '',
];

export const getVendor = async (id: string, signal?: AbortSignal) =>
  (await api.get<VendorDetail>(`/vendor/${encodeURIComponent(id)}`, undefined, signal)).data;

export const vendorQuery = (storeId: string | null, id: string | undefined) =>
  queryOptions({
    queryKey: vendorKey(storeId, id),
    queryFn: ({ signal }) => getVendor(id!, signal),
    enabled: Boolean(storeId && id),
  });

export const useVendor = (id: string | undefined) => useQuery(vendorQuery(useStoreId(), id));
