import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StockState } from '@tillbook/contract/products';
import { dashboardRoutes, productsRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { insightQuery } from '../../../lib/insight-query';
import { useStoreId } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';

// The home screen asks the dashboard calls for the day's figures (under the same keys as the
// dashboard, so one sale refreshes both) and the product list for what runs low.

const todaySalesQuery = (storeId: string | null) =>
  insightQuery(storeId, ['today-sales'], (signal) =>
    call(dashboardRoutes.todaySales, { signal }).then((a) => a.data),
  );

const todayTakingsQuery = (storeId: string | null) =>
  insightQuery(storeId, ['today-takings'], (signal) =>
    call(dashboardRoutes.todayTakings, { signal }).then((a) => a.data),
  );

const dayCustomersQuery = (storeId: string | null, day: string) =>
  insightQuery(storeId, ['total-customers', day], (signal) =>
    call(dashboardRoutes.totalCustomers, { query: { from: day, to: day }, signal }).then((a) => a.data),
  );

const salesChartQuery = (storeId: string | null, from: string, to: string) =>
  insightQuery(storeId, ['chart', 'sales', { from, to }], (signal) =>
    call(dashboardRoutes.filter, { params: { option: 'sales' }, query: { from, to }, signal }).then(
      (a) => a.data,
    ),
  );

const recentOrdersQuery = (storeId: string | null, limit: number) =>
  insightQuery(storeId, ['recent-orders', limit], (signal) =>
    call(dashboardRoutes.recentOrders, { query: { limit }, signal }).then((a) => a.data),
  );

const productsInStateQuery = (storeId: string | null, stock: StockState, perPage: number) => {
  const filters = { page: 1, perPage, stock, sort: 'quantity' as const, order: 'asc' as const };
  return queryOptions({
    queryKey: queryKeys.products.list(storeId, filters),
    queryFn: ({ signal }) => call(productsRoutes.list, { query: filters, signal }),
    enabled: Boolean(storeId),
  });
};

export const useTodaySales = () => useQuery(todaySalesQuery(useStoreId()));
/** Money received today, in all and by payment type. */
export const useTodayTakings = () => useQuery(todayTakingsQuery(useStoreId()));
/** Customers of the store, with those added and those buying on `day`. */
export const useDayCustomers = (day: string) => useQuery(dayCustomersQuery(useStoreId(), day));
/** Daily sales from `from` to `to` (store-local days). */
export const useSalesChart = (from: string, to: string) => useQuery(salesChartQuery(useStoreId(), from, to));
export const useRecentOrders = (limit: number) => useQuery(recentOrdersQuery(useStoreId(), limit));
/** The first products in a stock state, fewest in stock first (the products list's own call). */
export const useProductsInState = (stock: StockState, perPage: number) =>
  useQuery(productsInStateQuery(useStoreId(), stock, perPage));
