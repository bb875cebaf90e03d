import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListFilters } from '@tillbook/contract/common';
import type { purchaseOrderListQuery } from '@tillbook/contract/purchase-orders';
import { purchaseOrdersRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';

export type PurchaseOrderFilters = ListFilters<typeof purchaseOrderListQuery>;

export const purchaseOrderKeys = queryKeys.purchaseOrders;

/** Every purchase-order query of a store starts with this key, so one invalidation refreshes them all. */
export const purchaseOrdersKey = purchaseOrderKeys.all;

export const listPurchaseOrders = (filters: PurchaseOrderFilters, signal?: AbortSignal) =>
  call(purchaseOrdersRoutes.list, { query: filters, signal });

export const purchaseOrdersQuery = (storeId: string | null, filters: PurchaseOrderFilters) =>
  queryOptions({
    queryKey: purchaseOrderKeys.list(storeId, filters),
    queryFn: ({ signal }) => listPurchaseOrders(filters, signal),
    enabled: Boolean(storeId),
    placeholderData: keepPreviousData,
  });

export const usePurchaseOrders = (filters: PurchaseOrderFilters) =>
  useQuery(purchaseOrdersQuery(useStoreId(), filters));
