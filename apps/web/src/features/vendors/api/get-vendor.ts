import { queryOptions, useQuery } from '@tanstack/react-query';
import { vendorsRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { vendorKeys } from './list-vendors';

export const getVendor = async (id: string, signal?: AbortSignal) =>
  (await call(vendorsRoutes.get, { params: { id }, signal })).data;

export const vendorQuery = (storeId: string | null, id: string | undefined) =>
  queryOptions({
    queryKey: vendorKeys.one(storeId, id),
    queryFn: ({ signal }) => getVendor(id!, signal),
    enabled: Boolean(storeId && id),
  });

export const useVendor = (id: string | undefined) => useQuery(vendorQuery(useStoreId(), id));
