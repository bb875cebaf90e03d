import { queryOptions, useQuery } from '@tanstack/react-query';
import { productsRoutes, type StockState } from '@tillbook/contract/products';
import { dashboardRoutes } from '@tillbook/contract/reports';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { INSIGHT_STALE_MS, queryKeys } from '../../../lib/query-keys';

// The home screen asks the dashboard calls for the day's figures (under the same keys as the
// dashboard, so one sale refreshes both) and the product list for what runs low.

const keys = queryKeys.insight;

const todaySalesQuery = (storeId: string | null) =>
  queryOptions({
    queryKey: keys.part(storeId, 'today-sales'),
    queryFn: ({ signal }) => call(dashboardRoutes.todaySales, { signal }).then((a) => a.data),
    enabled: Boolean(storeId),
    staleTime: INSIGHT_STALE_MS,
  });

const dayCustomersQuery = (storeId: string | null, day: string) =>
  queryOptions({
    queryKey: keys.part(storeId, 'total-customers', day),
    queryFn: ({ signal }) =>
      call(dashboardRoutes.totalCustomers, { query: { from: day, to: day }, signal }).then((a) => a.data),
    enabled: Boolean(storeId),
    staleTime: INSIGHT_STALE_MS,
  });

const salesChartQuery = (storeId: string | null, from: string, to: string) =>
  queryOptions({
    queryKey: keys.part(storeId, 'chart', 'sales', { from, to }),
    queryFn: ({ signal }) =>
      call(dashboardRoutes.filter, { params: { option: 'sales' }, query: { from, to }, signal }).then(
        (a) => a.data,
      ),
    enabled: Boolean(storeId),
    staleTime: INSIGHT_STALE_MS,
  });

const recentOrdersQuery = (storeId: string | null, limit: number) =>
  queryOptions({
    queryKey: keys.part(storeId, 'recent-orders', limit),
    queryFn: ({ signal }) =>
      call(dashboardRoutes.recentOrders, { query: { limit }, signal }).then((a) => a.data),
    enabled: Boolean(storeId),
    staleTime: INSIGHT_STALE_MS,
  });

const productsInStateQuery = (storeId: string | null, stock: StockState, perPage: number) => {
  const filters = { page: 1, perPage, stock, sort: 'quantity' as const, order: 'asc' as const };
  return queryOptions({
    queryKey: queryKeys.products.list(storeId, filters),
    queryFn: ({ signal }) => call(productsRoutes.list, { query: filters, signal }),
    enabled: Boolean(storeId),
  });
};

export const useTodaySales = () => useQuery(todaySalesQuery(useStoreId()));
/** Customers of the store, with those added and those buying on `day`. */
export const useDayCustomers = (day: string) => useQuery(dayCustomersQuery(useStoreId(), day));
/** Daily sales from `from` to `to` (store-local days). */
export const useSalesChart = (from: string, to: string) => useQuery(salesChartQuery(useStoreId(), from, to));
export const useRecentOrders = (limit: number) => useQuery(recentOrdersQuery(useStoreId(), limit));
/** The first products in a stock state, fewest in stock first (the products list's own call). */
export const useProductsInState = (stock: StockState, perPage: number) =>
  useQuery(productsInStateQuery(useStoreId(), stock, perPage));
