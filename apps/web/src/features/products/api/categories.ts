import { queryOptions, useQuery } from '@tanstack/react-query';
import { productsRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';
import { useRouteMutation, type RouteMutationOptions } from '../../../lib/use-api-mutation';

export const categoriesKey = queryKeys.productCategories.all;

export const categoriesQuery = (storeId: string | null) =>
  queryOptions({
    queryKey: categoriesKey(storeId),
    queryFn: async ({ signal }) => (await call(productsRoutes.categories, { signal })).data,
    enabled: Boolean(storeId),
  });

export const useCategories = () => useQuery(categoriesQuery(useStoreId()));

export const useCreateCategory = (
  options: Omit<
    RouteMutationOptions<typeof productsRoutes.createCategory, { name: string }>,
    'kind' | 'args'
  > = {},
) =>
  useRouteMutation(productsRoutes.createCategory, {
    kind: 'create',
    args: (body: { name: string }) => ({ body }),
    invalidate: [categoriesKey(useStoreId())],
    persist: false,
    ...options,
  });
