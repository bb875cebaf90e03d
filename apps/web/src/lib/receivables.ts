import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListFilters } from '@tillbook/contract/common';
import type { owingExportQuery, owingQuery } from '@tillbook/contract/customer-accounts';
import { customerAccountsRoutes } from '@tillbook/contract/route-refs';
import { call, downloadRoute } from './api-client';
import { useStoreId } from './current-user';
import { BALANCE_STALE_MS, queryKeys } from './query-keys';

/**
 * What customers owe (decision 0065), read by two features: Customers → "Customers who owe" and
 * Reports → Receivables. The keys sit under the customers' own, so a repayment, a write-off or a
 * new limit (which invalidate the customers) refreshes both screens.
 */
export type OwingFilters = ListFilters<typeof owingQuery>;

export const owingListQuery = (storeId: string | null, filters: OwingFilters) =>
  queryOptions({
    queryKey: queryKeys.customers.part(storeId, 'owing', filters),
    queryFn: ({ signal }) => call(customerAccountsRoutes.owing, { query: filters, signal }),
    enabled: Boolean(storeId),
    staleTime: BALANCE_STALE_MS,
    placeholderData: keepPreviousData,
    // The list screens want an `id` per row: the customer's.
    select: (answer) => ({ ...answer, data: answer.data.map((row) => ({ ...row, id: row.customer_id })) }),
  });

export const owingSummaryQuery = (storeId: string | null) =>
  queryOptions({
    queryKey: queryKeys.customers.part(storeId, 'owing-summary'),
    queryFn: async ({ signal }) =>
      (await call(customerAccountsRoutes.owingSummary, { query: undefined, signal })).data,
    enabled: Boolean(storeId),
    staleTime: BALANCE_STALE_MS,
  });

export const useOwing = (filters: OwingFilters) => useQuery(owingListQuery(useStoreId(), filters));
export const useOwingSummary = () => useQuery(owingSummaryQuery(useStoreId()));

/** The receivables as CSV (the server's export: the same rows, every page). */
export const exportOwing = (filters: ListFilters<typeof owingExportQuery>) =>
  downloadRoute(customerAccountsRoutes.owingExport, { query: filters }, 'receivables.csv');
