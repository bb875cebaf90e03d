import { queryOptions, useQuery } from '@tanstack/react-query';
import { customersRoutes, type createCustomerBody } from '@tillbook/contract/customers';
import { productsRoutes } from '@tillbook/contract/products';
import type { z } from 'zod';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';
import { useRouteMutation, type RouteMutationOptions } from '../../../lib/use-api-mutation';

/** The one product with this barcode or SKU (what a keyboard-wedge scanner types). */
export const findByBarcode = async (barcode: string) =>
  (await call(productsRoutes.searchBarcode, { query: { barcode } })).data;

/** Products whose name, SKU or barcode starts with the typed words. */
export const productSearchQuery = (storeId: string | null, name: string) =>
  queryOptions({
    queryKey: queryKeys.products.part(storeId, 'search', name),
    queryFn: async ({ signal }) =>
      (await call(productsRoutes.search, { query: { name, perPage: 8 }, signal })).data,
    enabled: Boolean(storeId && name.trim()),
  });

export const useProductSearch = (name: string) => useQuery(productSearchQuery(useStoreId(), name));

export const customerSearchQuery = (storeId: string | null, first: string) =>
  queryOptions({
    queryKey: queryKeys.customers.part(storeId, 'search', first),
    queryFn: async ({ signal }) =>
      (await call(customersRoutes.search, { query: { first, perPage: 8 }, signal })).data,
    enabled: Boolean(storeId && first.trim()),
  });

export const useCustomerSearch = (first: string) => useQuery(customerSearchQuery(useStoreId(), first));

export const customerQuery = (storeId: string | null, id: string | null | undefined) =>
  queryOptions({
    queryKey: queryKeys.customers.one(storeId, id ?? undefined),
    queryFn: async ({ signal }) => (await call(customersRoutes.get, { params: { id: id! }, signal })).data,
    enabled: Boolean(storeId && id),
  });

export const useCustomer = (id: string | null | undefined) => useQuery(customerQuery(useStoreId(), id));

export type QuickCustomerBody = z.input<typeof createCustomerBody>;

/** Quick add at the till: name and phone are enough to put a customer on the sale. */
export const useQuickAddCustomer = (
  options: Omit<RouteMutationOptions<typeof customersRoutes.create, QuickCustomerBody>, 'kind' | 'args'> = {},
) =>
  useRouteMutation(customersRoutes.create, {
    kind: 'create',
    args: (body: QuickCustomerBody) => ({ body }),
    invalidate: [queryKeys.customers.all(useStoreId())],
    persist: false,
    ...options,
  });
