import { queryOptions, useQuery } from '@tanstack/react-query';
import { productsRoutes, vendorsRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';

/** Active vendors a purchase order can be raised to, searched by name. */
export const vendorOptionsQuery = (storeId: string | null, search: string) =>
  queryOptions({
    queryKey: queryKeys.vendors.part(storeId, 'options', search),
    queryFn: async ({ signal }) =>
      (
        await call(vendorsRoutes.list, {
          query: { status: 'active', perPage: 50, search: search || undefined },
          signal,
        })
      ).data,
    enabled: Boolean(storeId),
  });

export const useVendorOptions = (search: string) => useQuery(vendorOptionsQuery(useStoreId(), search));

/** Products whose name, SKU or barcode starts with the typed words. */
export const productSearchQuery = (storeId: string | null, name: string) =>
  queryOptions({
    queryKey: queryKeys.products.part(storeId, 'search', name),
    queryFn: async ({ signal }) =>
      (await call(productsRoutes.search, { query: { name, perPage: 10 }, signal })).data,
    enabled: Boolean(storeId && name.trim()),
  });

export const useProductSearch = (name: string) => useQuery(productSearchQuery(useStoreId(), name));

/** The one product with this barcode or SKU (what a scanner types). */
export const findByBarcode = async (barcode: string) =>
  (await call(productsRoutes.searchBarcode, { query: { barcode } })).data;

/** One product with its variants and packs (the lines of a draft being edited). */
export const productQuery = (storeId: string | null, id: string) =>
  queryOptions({
    queryKey: queryKeys.products.one(storeId, id),
    queryFn: async ({ signal }) => (await call(productsRoutes.get, { params: { id }, signal })).data,
    enabled: Boolean(storeId),
  });
