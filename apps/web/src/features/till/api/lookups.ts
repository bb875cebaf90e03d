import { queryOptions, useQuery } from '@tanstack/react-query';
import type { createCustomerBody } from '@tillbook/contract/customers';
import type { z } from 'zod';
import { customersRoutes, productsRoutes } from '@tillbook/contract/route-refs';
import { ApiError, call } from '../../../lib/api-client';
import { readSession } from '../../../lib/session';
import { searchCustomersOnDevice } from '../catalogue/catalogue-cache';
import { productByCode, searchProductsOnDevice } from '../catalogue/product-index';
import { isOffline } from '../offline/network';
import { useStoreId } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';
import { useRouteMutation, type RouteMutationOptions } from '../../../lib/use-api-mutation';

/**
 * The one product with this barcode or SKU (what a keyboard-wedge scanner types); with no
 * network, from the till's copy of the catalogue (decision 0036).
 */
export const findByBarcode = async (barcode: string) => {
  const onDevice = async () => {
    const storeId = readSession()?.store?.id;
    const product = storeId ? await productByCode(storeId, barcode.trim()) : undefined;
    if (!product) {
      throw new ApiError(
        `No product has the barcode or SKU "${barcode}" in this till's copy of the catalogue.`,
        {
          status: 404,
        },
      );
    }
    return product;
  };
  if (isOffline()) return onDevice();
  try {
    return (await call(productsRoutes.searchBarcode, { query: { barcode } })).data;
  } catch (error) {
    if (isOffline(error)) return onDevice();
    throw error;
  }
};

/** Products whose name, SKU or barcode starts with the typed words. */
export const productSearchQuery = (storeId: string | null, name: string) =>
  queryOptions({
    queryKey: queryKeys.products.part(storeId, 'search', name),
    queryFn: async ({ signal }) => {
      if (isOffline()) return searchProductsOnDevice(storeId!, name);
      try {
        return (await call(productsRoutes.search, { query: { name, perPage: 8 }, signal })).data;
      } catch (error) {
        if (isOffline(error)) return searchProductsOnDevice(storeId!, name);
        throw error;
      }
    },
    // Searched on the device when there is no network (decision 0036).
    networkMode: 'always',
    meta: { persist: false },
    enabled: Boolean(storeId && name.trim()),
  });

export const useProductSearch = (name: string) => useQuery(productSearchQuery(useStoreId(), name));

export const customerSearchQuery = (storeId: string | null, first: string) =>
  queryOptions({
    queryKey: queryKeys.customers.part(storeId, 'search', first),
    queryFn: async ({ signal }) => {
      // With no network, the till's copy (customers added offline among them), decision 0036.
      if (isOffline()) return searchCustomersOnDevice(storeId!, first);
      try {
        return (await call(customersRoutes.search, { query: { first, perPage: 8 }, signal })).data;
      } catch (error) {
        if (isOffline(error)) return searchCustomersOnDevice(storeId!, first);
        throw error;
      }
    },
    networkMode: 'always',
    meta: { persist: false },
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
