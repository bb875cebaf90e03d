import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PurchaseOrderStatus, PurchaseOrderSummary } from '@tillbook/contract/purchase-orders';
import { api } from '../../../lib/api-client';
import { storeKey, useStoreId } from '../../../lib/current-user';

export interface PurchaseOrderFilters {
  page: number;
  perPage: number;
  status?: PurchaseOrderStatus;
  vendorId?: string;
  from?: string;
  to?: string;
  search?: string;
}

/** Every purchase-order query of a store starts with this key, so one invalidation refreshes them all. */
export const purchaseOrdersKey = (storeId: string | null) => storeKey(storeId, 'purchase-orders');

export const listPurchaseOrders = (filters: PurchaseOrderFilters, signal?: AbortSignal) =>
  api.get<PurchaseOrderSummary[]>('/purchase_order', { ...filters }, signal);

export const purchaseOrdersQuery = (storeId: string | null, filters: PurchaseOrderFilters) =>
  queryOptions({
    queryKey: [...purchaseOrdersKey(storeId), 'list', filters],
    queryFn: ({ signal }) => listPurchaseOrders(filters, signal),
    enabled: Boolean(storeId),
    placeholderData: keepPreviousData,
  });

export const usePurchaseOrders = (filters: PurchaseOrderFilters) =>
  useQuery(purchaseOrdersQuery(useStoreId(), filters));
