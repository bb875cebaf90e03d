import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { purchaseOrdersRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';

export const vendorPurchaseOrdersQuery = (
  storeId: string | null,
  vendorId: string | undefined,
  page: number,
  perPage: number,
) =>
  queryOptions({
    queryKey: queryKeys.purchaseOrders.part(storeId, 'vendor', vendorId, { page, perPage }),
    queryFn: ({ signal }) =>
      call(purchaseOrdersRoutes.forVendor, { params: { id: vendorId! }, query: { page, perPage }, signal }),
    enabled: Boolean(storeId && vendorId),
    placeholderData: keepPreviousData,
  });

export const useVendorPurchaseOrders = (vendorId: string | undefined, page: number, perPage: number) =>
  useQuery(vendorPurchaseOrdersQuery(useStoreId(), vendorId, page, perPage));
