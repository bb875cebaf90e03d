import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PurchaseOrderSummary } from '@tillbook/contract/purchase-orders';
import { api } from '../../../lib/api-client';
import { storeKey, useStoreId } from '../../../lib/current-user';

export const vendorPurchaseOrdersQuery = (
  storeId: string | null,
  vendorId: string | undefined,
  page: number,
  perPage: number,
) =>
  queryOptions({
    queryKey: storeKey(storeId, 'purchase-orders', 'vendor', vendorId, { page, perPage }),
    queryFn: ({ signal }) =>
      api.get<PurchaseOrderSummary[]>(
        `/purchase_order/vendor/${encodeURIComponent(vendorId!)}`,
        { page, perPage },
        signal,
      ),
    enabled: Boolean(storeId && vendorId),
    placeholderData: keepPreviousData,
  });

export const useVendorPurchaseOrders = (vendorId: string | undefined, page: number, perPage: number) =>
  useQuery(vendorPurchaseOrdersQuery(useStoreId(), vendorId, page, perPage));
