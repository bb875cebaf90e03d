import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@tillbook/contract/products';
import { api } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { productsKey } from './list-products';

export const productKey = (storeId: string | null, id: string | undefined) => [
  ...productsKey(storeId),
  'one',
  id ?? '',
];

export const getProduct = async (id: string, signal?: AbortSignal) =>
  (await api.get<Product>(`/product/${encodeURIComponent(id)}`, undefined, signal)).data;

export const productQuery = (storeId: string | null, id: string | undefined) =>
  queryOptions({
    queryKey: productKey(storeId, id),
    queryFn: ({ signal }) => getProduct(id!, signal),
    enabled: Boolean(storeId && id),
  });

export const useProduct = (id: string | undefined) => useQuery(productQuery(useStoreId(), id));

/** The one product with this barcode or SKU (what a scanner types). */
export const findByBarcode = async (barcode: string) =>
  (await api.get<Product>('/product/search-barcode', { barcode })).data;
