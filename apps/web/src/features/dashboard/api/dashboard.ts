import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardRoutes, type Chart, type ChartOption, type ChartTime } from '@tillbook/contract/reports';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { INSIGHT_STALE_MS, queryKeys } from '../../../lib/query-keys';

const keys = queryKeys.insight;

/** The chart's period: one of the named times, or a from/to range of store-local days. */
export type ChartPeriod = { time: ChartTime } | { from: string; to: string };

// Each widget has its own query, so each loads, fails and retries on its own.

export const totalSalesQuery = (storeId: string | null) =>
  queryOptions({
    queryKey: keys.part(storeId, 'total-sales'),
    queryFn: ({ signal }) => call(dashboardRoutes.totalSales, { signal }).then((a) => a.data),
    enabled: Boolean(storeId),
    staleTime: INSIGHT_STALE_MS,
  });

export const todaySalesQuery = (storeId: string | null) =>
  queryOptions({
    queryKey: keys.part(storeId, 'today-sales'),
    queryFn: ({ signal }) => call(dashboardRoutes.todaySales, { signal }).then((a) => a.data),
    enabled: Boolean(storeId),
    staleTime: INSIGHT_STALE_MS,
  });

export const totalCustomersQuery = (storeId: string | null) =>
  queryOptions({
    queryKey: keys.part(storeId, 'total-customers'),
    queryFn: ({ signal }) => call(dashboardRoutes.totalCustomers, { signal }).then((a) => a.data),
    enabled: Boolean(storeId),
    staleTime: INSIGHT_STALE_MS,
  });

export const totalOrdersQuery = (storeId: string | null) =>
  queryOptions({
    queryKey: keys.part(storeId, 'total-order'),
    queryFn: ({ signal }) => call(dashboardRoutes.totalOrder, { signal }).then((a) => a.data),
    enabled: Boolean(storeId),
    staleTime: INSIGHT_STALE_MS,
  });

export const topCustomersQuery = (storeId: string | null, limit = 5) =>
  queryOptions({
    queryKey: keys.part(storeId, 'top-customers', limit),
    queryFn: ({ signal }) =>
      call(dashboardRoutes.customers, { query: { limit }, signal }).then((a) => a.data),
    enabled: Boolean(storeId),
    staleTime: INSIGHT_STALE_MS,
  });

export const topProductsQuery = (storeId: string | null, limit = 5) =>
  queryOptions({
    queryKey: keys.part(storeId, 'top-products', limit),
    queryFn: ({ signal }) =>
      call(dashboardRoutes.productSale, { query: { limit }, signal }).then((a) => a.data),
    enabled: Boolean(storeId),
    staleTime: INSIGHT_STALE_MS,
  });

export const recentOrdersQuery = (storeId: string | null, limit = 10) =>
  queryOptions({
    queryKey: keys.part(storeId, 'recent-orders', limit),
    queryFn: ({ signal }) =>
      call(dashboardRoutes.recentOrders, { query: { limit }, signal }).then((a) => a.data),
    enabled: Boolean(storeId),
    staleTime: INSIGHT_STALE_MS,
  });

export const chartQuery = (storeId: string | null, option: ChartOption, period: ChartPeriod) =>
  queryOptions({
    queryKey: keys.part(storeId, 'chart', option, period),
    queryFn: async ({ signal }): Promise<Chart> =>
      (await call(dashboardRoutes.filter, { params: { option }, query: period, signal })).data,
    enabled: Boolean(storeId),
    staleTime: INSIGHT_STALE_MS,
    // The old series stays drawn while the next option or period loads.
    placeholderData: keepPreviousData,
  });

export const useTotalSales = () => useQuery(totalSalesQuery(useStoreId()));
export const useTodaySales = () => useQuery(todaySalesQuery(useStoreId()));
export const useTotalCustomers = () => useQuery(totalCustomersQuery(useStoreId()));
export const useTotalOrders = () => useQuery(totalOrdersQuery(useStoreId()));
export const useTopCustomers = () => useQuery(topCustomersQuery(useStoreId()));
export const useTopProducts = () => useQuery(topProductsQuery(useStoreId()));
export const useRecentOrders = () => useQuery(recentOrdersQuery(useStoreId()));
export const useChart = (option: ChartOption, period: ChartPeriod) =>
  useQuery(chartQuery(useStoreId(), option, period));
