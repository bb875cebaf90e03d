import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListFilters } from '@tillbook/contract/common';
import type { productListQuery } from '@tillbook/contract/products';
import { productsRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';

export type ProductFilters = ListFilters<typeof productListQuery>;

export const productKeys = queryKeys.products;

/** Every product query of a store starts with this key, so one invalidation refreshes them all. */
export const productsKey = productKeys.all;

export const listProducts = (filters: ProductFilters, signal?: AbortSignal) =>
  call(productsRoutes.list, { query: filters, signal });

export const productsQuery = (storeId: string | null, filters: ProductFilters) =>
  queryOptions({
    queryKey: productKeys.list(storeId, filters),
    queryFn: ({ signal }) => listProducts(filters, signal),
    enabled: Boolean(storeId),
    placeholderData: keepPreviousData,
  });

export const useProducts = (filters: ProductFilters) => useQuery(productsQuery(useStoreId(), filters));
