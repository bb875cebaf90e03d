import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListFilters } from '@tillbook/contract/common';
import type { createDiscountBody, discountListQuery } from '@tillbook/contract/discounts';
import type { z } from 'zod';
import { discountsRoutes, productsRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';
import { useRouteMutation, saveHooks, type HookMutationOptions } from '../../../lib/use-api-mutation';

export type DiscountFilters = ListFilters<typeof discountListQuery>;

export const discountsKey = queryKeys.discounts.all;

export const listDiscounts = (filters: DiscountFilters, signal?: AbortSignal) =>
  call(discountsRoutes.list, { query: filters, signal });

export const discountsQuery = (storeId: string | null, filters: DiscountFilters) =>
  queryOptions({
    queryKey: queryKeys.discounts.list(storeId, filters),
    queryFn: ({ signal }) => listDiscounts(filters, signal),
    enabled: Boolean(storeId),
    placeholderData: keepPreviousData,
  });

export const useDiscounts = (filters: DiscountFilters) => useQuery(discountsQuery(useStoreId(), filters));

export const discountQuery = (storeId: string | null, id: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.discounts.one(storeId, id),
    queryFn: async ({ signal }) => (await call(discountsRoutes.get, { params: { id: id! }, signal })).data,
    enabled: Boolean(storeId && id),
  });

export const useDiscount = (id: string | undefined) => useQuery(discountQuery(useStoreId(), id));

export type CreateDiscountBody = z.input<typeof createDiscountBody>;

export const { useCreate: useCreateDiscount, useUpdate: useUpdateDiscount } = saveHooks(
  discountsRoutes,
  'save',
  (storeId) => [discountsKey(storeId)],
);

/** One realistic sample discount, for a merchant trying the product. */
export const useGenerateDiscount = (
  options: HookMutationOptions<typeof discountsRoutes.autoCreate, void> = {},
) =>
  useRouteMutation(discountsRoutes.autoCreate, {
    kind: 'create',
    args: () => ({}),
    invalidate: [discountsKey(useStoreId())],
    persist: false,
    ...options,
  });

/** Products a discount can be limited to, searched by name. */
export const discountProductsQuery = (storeId: string | null, name: string) =>
  queryOptions({
    queryKey: queryKeys.products.part(storeId, 'search', name),
    queryFn: async ({ signal }) =>
      (await call(productsRoutes.search, { query: { name, perPage: 20 }, signal })).data,
    enabled: Boolean(storeId && name.trim()),
  });

export const useDiscountProducts = (name: string) => useQuery(discountProductsQuery(useStoreId(), name));

/** A product a discount is limited to, for its name. */
export const discountProductQuery = (storeId: string | null, id: string) =>
  queryOptions({
    queryKey: queryKeys.products.one(storeId, id),
    queryFn: async ({ signal }) => (await call(productsRoutes.get, { params: { id }, signal })).data,
  });

export const categoriesQuery = (storeId: string | null) =>
  queryOptions({
    queryKey: queryKeys.products.part(storeId, 'categories'),
    queryFn: async ({ signal }) => (await call(productsRoutes.categories, { signal })).data,
    enabled: Boolean(storeId),
  });

export const useCategories = () => useQuery(categoriesQuery(useStoreId()));
