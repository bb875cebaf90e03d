import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductListItem, StockState } from '@tillbook/contract/products';
import { api } from '../../../lib/api-client';
import { storeKey, useStoreId } from '../../../lib/current-user';

export interface ProductFilters {
  page: number;
  perPage: number;
  search?: string;
  categoryId?: string;
  stock?: StockState;
  status?: 'active' | 'archived' | 'all';
  sort?: 'created_at' | 'updated_at' | 'name' | 'price' | 'quantity';
  order?: 'asc' | 'desc';
}

export const productsKey = (storeId: string | null) => storeKey(storeId, 'products');

export const listProducts = (filters: ProductFilters, signal?: AbortSignal) =>
  api.get<ProductListItem[]>('/product/paginated/results', { ...filters }, signal);

export const productsQuery = (storeId: string | null, filters: ProductFilters) =>
  queryOptions({
    queryKey: [...productsKey(storeId), 'list', filters],
    queryFn: ({ signal }) => listProducts(filters, signal),
    enabled: Boolean(storeId),
    placeholderData: keepPreviousData,
  });

export const useProducts = (filters: ProductFilters) => useQuery(productsQuery(useStoreId(), filters));
