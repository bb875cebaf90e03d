import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Chart, ChartOption, ChartTime } from '@tillbook/contract/reports';
import { dashboardRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { insightQuery } from '../../../lib/insight-query';
import { useStoreId } from '../../../lib/current-user';
import { INSIGHT_STALE_MS, queryKeys } from '../../../lib/query-keys';

const keys = queryKeys.insight;

/** The chart's period: one of the named times, or a from/to range of store-local days. */
export type ChartPeriod = { time: ChartTime } | { from: string; to: string };

// Each widget has its own query, so each loads, fails and retries on its own.

export const totalSalesQuery = (storeId: string | null) =>
  insightQuery(storeId, ['total-sales'], (signal) =>
    call(dashboardRoutes.totalSales, { signal }).then((a) => a.data),
  );

export const todaySalesQuery = (storeId: string | null) =>
  insightQuery(storeId, ['today-sales'], (signal) =>
    call(dashboardRoutes.todaySales, { signal }).then((a) => a.data),
  );

export const totalCustomersQuery = (storeId: string | null) =>
  insightQuery(storeId, ['total-customers'], (signal) =>
    call(dashboardRoutes.totalCustomers, { signal }).then((a) => a.data),
  );

export const totalOrdersQuery = (storeId: string | null) =>
  insightQuery(storeId, ['total-order'], (signal) =>
    call(dashboardRoutes.totalOrder, { signal }).then((a) => a.data),
  );

export const topCustomersQuery = (storeId: string | null, limit = 5) =>
  insightQuery(storeId, ['top-customers', limit], (signal) =>
    call(dashboardRoutes.customers, { query: { limit }, signal }).then((a) => a.data),
  );

export const topProductsQuery = (storeId: string | null, limit = 5) =>
  insightQuery(storeId, ['top-products', limit], (signal) =>
    call(dashboardRoutes.productSale, { query: { limit }, signal }).then((a) => a.data),
  );

export const recentOrdersQuery = (storeId: string | null, limit = 10) =>
  insightQuery(storeId, ['recent-orders', limit], (signal) =>
    call(dashboardRoutes.recentOrders, { query: { limit }, signal }).then((a) => a.data),
  );

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
