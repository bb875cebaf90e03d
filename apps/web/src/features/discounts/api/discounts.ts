import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  createDiscountBody,
  Discount,
  DiscountState,
  updateDiscountBody,
} from '@tillbook/contract/discounts';
import type { Category, Product } from '@tillbook/contract/products';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { storeKey, useStoreId } from '../../../lib/current-user';
import { useApiMutation, type ApiMutationOptions } from '../../../lib/use-api-mutation';

export interface DiscountFilters {
  page: number;
  perPage: number;
  status?: DiscountState;
  search?: string;
}

export const discountsKey = (storeId: string | null) => storeKey(storeId, 'discounts');

export const listDiscounts = (filters: DiscountFilters, signal?: AbortSignal) =>
  api.get<Discount[]>('/discounts', { ...filters }, signal);

export const discountsQuery = (storeId: string | null, filters: DiscountFilters) =>
  queryOptions({
    queryKey: [...discountsKey(storeId), 'list', filters],
    queryFn: ({ signal }) => listDiscounts(filters, signal),
    enabled: Boolean(storeId),
    placeholderData: keepPreviousData,
  });

export const useDiscounts = (filters: DiscountFilters) => useQuery(discountsQuery(useStoreId(), filters));

export const discountQuery = (storeId: string | null, id: string | undefined) =>
  queryOptions({
    queryKey: [...discountsKey(storeId), 'one', id ?? ''],
    queryFn: async ({ signal }) =>
      (await api.get<Discount>(`/discounts/${encodeURIComponent(id!)}`, undefined, signal)).data,
    enabled: Boolean(storeId && id),
  });

export const useDiscount = (id: string | undefined) => useQuery(discountQuery(useStoreId(), id));

export type CreateDiscountBody = z.input<typeof createDiscountBody>;
export type UpdateDiscountBody = z.input<typeof updateDiscountBody>;
type Options<V> = Omit<ApiMutationOptions<V, Discount>, 'kind' | 'call'>;

export const useCreateDiscount = (options: Options<CreateDiscountBody> = {}) =>
  useApiMutation<CreateDiscountBody, Discount>({
    kind: 'create',
    call: (body) => ({ path: '/discounts', method: 'POST', body }),
    invalidate: [discountsKey(useStoreId())],
    ...options,
  });

export const useUpdateDiscount = (options: Options<{ id: string; body: UpdateDiscountBody }> = {}) =>
  useApiMutation<{ id: string; body: UpdateDiscountBody }, Discount>({
    kind: 'save',
    call: ({ id, body }) => ({ path: `/discounts/${encodeURIComponent(id)}`, method: 'PATCH', body }),
    invalidate: [discountsKey(useStoreId())],
    ...options,
  });

/** One realistic sample discount, for a merchant trying the product. */
export const useGenerateDiscount = (options: Options<void> = {}) =>
  useApiMutation<void, Discount>({
    kind: 'create',
    call: () => ({ path: '/discounts/auto-create', method: 'POST' }),
    invalidate: [discountsKey(useStoreId())],
    persist: false,
    ...options,
  });

/** Products a discount can be limited to, searched by name. */
export const discountProductsQuery = (storeId: string | null, name: string) =>
  queryOptions({
    queryKey: storeKey(storeId, 'products', 'search', name),
    queryFn: async ({ signal }) =>
      (await api.get<Product[]>('/product/search', { name, perPage: 20 }, signal)).data,
    enabled: Boolean(storeId && name.trim()),
  });

export const useDiscountProducts = (name: string) => useQuery(discountProductsQuery(useStoreId(), name));

export const categoriesQuery = (storeId: string | null) =>
  queryOptions({
    queryKey: storeKey(storeId, 'products', 'categories'),
    queryFn: async ({ signal }) =>
      (await api.get<Category[]>('/product/categories', { perPage: 100 }, signal)).data,
    enabled: Boolean(storeId),
  });

export const useCategories = () => useQuery(categoriesQuery(useStoreId()));
