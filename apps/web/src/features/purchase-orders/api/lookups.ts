import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@tillbook/contract/products';
import type { Vendor } from '@tillbook/contract/vendors';
import { api } from '../../../lib/api-client';
import { storeKey, useStoreId } from '../../../lib/current-user';

/** Active vendors a purchase order can be raised to, searched by name. */
export const vendorOptionsQuery = (storeId: string | null, search: string) =>
  queryOptions({
    queryKey: storeKey(storeId, 'vendors', 'options', search),
    queryFn: async ({ signal }) =>
      (
        await api.get<Vendor[]>(
          '/vendor',
          { status: 'active', perPage: 50, search: search || undefined },
          signal,
        )
      ).data,
    enabled: Boolean(storeId),
  });

export const useVendorOptions = (search: string) => useQuery(vendorOptionsQuery(useStoreId(), search));

/** Products whose name, SKU or barcode starts with the typed words. */
export const productSearchQuery = (storeId: string | null, name: string) =>
  queryOptions({
    queryKey: storeKey(storeId, 'products', 'search', name),
    queryFn: async ({ signal }) =>
      (await api.get<Product[]>('/product/search', { name, perPage: 10 }, signal)).data,
    enabled: Boolean(storeId && name.trim()),
  });

export const useProductSearch = (name: string) => useQuery(productSearchQuery(useStoreId(), name));

/** The one product with this barcode or SKU (what a scanner types). */
export const findByBarcode = async (barcode: string) =>
  (await api.get<Product>('/product/search-barcode', { barcode })).data;
