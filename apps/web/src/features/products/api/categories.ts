import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '@tillbook/contract/products';
import { api } from '../../../lib/api-client';
import { storeKey, useStoreId } from '../../../lib/current-user';
import { useApiMutation, type ApiMutationOptions } from '../../../lib/use-api-mutation';

export const categoriesKey = (storeId: string | null) => storeKey(storeId, 'product-categories');

export const categoriesQuery = (storeId: string | null) =>
  queryOptions({
    queryKey: categoriesKey(storeId),
    queryFn: async ({ signal }) => (await api.get<Category[]>('/product/categories', undefined, signal)).data,
    enabled: Boolean(storeId),
  });

export const useCategories = () => useQuery(categoriesQuery(useStoreId()));

export const useCreateCategory = (
  options: Omit<ApiMutationOptions<{ name: string }, Category>, 'kind' | 'call'> = {},
) =>
  useApiMutation<{ name: string }, Category>({
    kind: 'create',
    call: (body) => ({ path: '/product/category', method: 'POST', body }),
    invalidate: [categoriesKey(useStoreId())],
    persist: false,
    ...options,
  });
