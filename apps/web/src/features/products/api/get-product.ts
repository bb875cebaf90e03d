import { queryOptions, useQuery } from '@tanstack/react-query';
import { productsRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { productKeys } from './list-products';

export const productKey = productKeys.one;

export const getProduct = async (id: string, signal?: AbortSignal) =>
  (await call(productsRoutes.get, { params: { id }, signal })).data;

export const productQuery = (storeId: string | null, id: string | undefined) =>
  queryOptions({
    queryKey: productKey(storeId, id),
    queryFn: ({ signal }) => getProduct(id!, signal),
    enabled: Boolean(storeId && id),
  });

export const useProduct = (id: string | undefined) => useQuery(productQuery(useStoreId(), id));

/** The one product with this barcode or SKU (what a scanner types). */
export const findByBarcode = async (barcode: string) =>
  (await call(productsRoutes.searchBarcode, { query: { barcode } })).data;
