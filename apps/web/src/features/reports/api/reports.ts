import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  ReportType,
  SalesByItem,
  SalesReport,
  SalesSummary,
  Transactions,
  TransactionKind,
} from '@tillbook/contract/reports';
import type { OrderStatus } from '@tillbook/contract/orders';
import { reportsRoutes } from '@tillbook/contract/route-refs';
import { call, downloadRoute } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { INSIGHT_STALE_MS, queryKeys } from '../../../lib/query-keys';

const keys = queryKeys.insight;

export interface Range {
  from: string;
  to: string;
}

export interface ItemFilters extends Range {
  page: number;
  perPage: number;
  search?: string;
  categoryId?: string;
  sort: 'revenue' | 'quantity' | 'margin' | 'name';
  /** A row per product, or per variant (sizes and colours apart, decision 0064). */
  by: 'product' | 'variant';
}

/** Transactions of a range: orders placed, or payments received (`kind`). */
export interface TransactionFilters extends Range {
  page: number;
  perPage: number;
  kind: TransactionKind;
  status?: OrderStatus;
}

const summaryQuery = (storeId: string | null, range: Range) =>
  queryOptions({
    queryKey: keys.part(storeId, 'report-summary', range),
    queryFn: async ({ signal }): Promise<SalesSummary> =>
      (await call(reportsRoutes.summary, { query: range, signal })).data,
    enabled: Boolean(storeId),
    staleTime: INSIGHT_STALE_MS,
    placeholderData: keepPreviousData,
  });

const salesByPeriodQuery = (storeId: string | null, type: ReportType, range: Range) =>
  queryOptions({
    queryKey: keys.part(storeId, 'report-sales', type, range),
    queryFn: async ({ signal }): Promise<SalesReport> =>
      (await call(reportsRoutes.salesByPeriod, { query: { type, ...range }, signal })).data,
    enabled: Boolean(storeId),
    staleTime: INSIGHT_STALE_MS,
    placeholderData: keepPreviousData,
  });

const salesByItemQuery = (storeId: string | null, filters: ItemFilters) =>
  queryOptions({
    queryKey: keys.part(storeId, 'report-items', filters),
    queryFn: async ({ signal }): Promise<SalesByItem> =>
      (await call(reportsRoutes.salesByItem, { query: filters, signal })).data,
    enabled: Boolean(storeId),
    staleTime: INSIGHT_STALE_MS,
    placeholderData: keepPreviousData,
  });

const transactionsQuery = (storeId: string | null, filters: TransactionFilters, enabled: boolean) =>
  queryOptions({
    queryKey: keys.part(storeId, 'report-transactions', filters),
    queryFn: ({ signal }): Promise<Transactions> => {
      const { kind, ...rest } = filters;
      return (
        kind === 'payments'
          ? call(reportsRoutes.transactionsFilter, { query: { ...rest, kind }, signal })
          : call(reportsRoutes.transactions, { query: rest, signal })
      ).then((a) => a.data);
    },
    enabled: Boolean(storeId) && enabled,
    staleTime: INSIGHT_STALE_MS,
    placeholderData: keepPreviousData,
  });

export const useSalesSummary = (range: Range) => useQuery(summaryQuery(useStoreId(), range));
export const useSalesByPeriod = (type: ReportType, range: Range) =>
  useQuery(salesByPeriodQuery(useStoreId(), type, range));
export const useSalesByItem = (filters: ItemFilters) => useQuery(salesByItemQuery(useStoreId(), filters));
export const useTransactions = (filters: TransactionFilters, enabled = true) =>
  useQuery(transactionsQuery(useStoreId(), filters, enabled));

// CSV exports come from the server, streamed, with the same rows and totals as the screen.

export const exportSalesReport = (type: ReportType, range: Range) =>
  downloadRoute(
    reportsRoutes.exportSales,
    { query: { type, ...range } },
    `sales-report-${range.from}-${range.to}.csv`,
  );

export const exportSalesByItem = ({ page: _page, perPage: _perPage, ...filters }: ItemFilters) =>
  downloadRoute(
    reportsRoutes.exportSalesByItem,
    { query: filters },
    `sales-by-item-${filters.from}-${filters.to}.csv`,
  );

export const exportTransactions = ({ page: _page, perPage: _perPage, ...filters }: TransactionFilters) => {
  return downloadRoute(
    reportsRoutes.exportTransactions,
    { query: filters },
    `sales-transactions-${filters.from}-${filters.to}.csv`,
  );
};
