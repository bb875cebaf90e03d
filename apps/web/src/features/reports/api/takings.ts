import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SalesByCashier, TakingsByPaymentType } from '@tillbook/contract/reports';
import { reportsRoutes } from '@tillbook/contract/route-refs';
import { call, downloadRoute } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { INSIGHT_STALE_MS, queryKeys } from '../../../lib/query-keys';
import type { Range } from './reports';

/** Takings by payment type and sales by cashier (issue 32, decision 0062). */

const keys = queryKeys.insight;

const paymentTypesQuery = (storeId: string | null, range: Range) =>
  queryOptions({
    queryKey: keys.part(storeId, 'report-payment-types', range),
    queryFn: async ({ signal }): Promise<TakingsByPaymentType> =>
      (await call(reportsRoutes.paymentTypes, { query: range, signal })).data,
    enabled: Boolean(storeId),
    staleTime: INSIGHT_STALE_MS,
    placeholderData: keepPreviousData,
  });

const cashiersQuery = (storeId: string | null, range: Range) =>
  queryOptions({
    queryKey: keys.part(storeId, 'report-cashiers', range),
    queryFn: async ({ signal }): Promise<SalesByCashier> =>
      (await call(reportsRoutes.cashiers, { query: range, signal })).data,
    enabled: Boolean(storeId),
    staleTime: INSIGHT_STALE_MS,
    placeholderData: keepPreviousData,
  });

export const useTakingsByPaymentType = (range: Range) => useQuery(paymentTypesQuery(useStoreId(), range));
export const useSalesByCashier = (range: Range) => useQuery(cashiersQuery(useStoreId(), range));

export const exportPaymentTypes = (range: Range) =>
  downloadRoute(
    reportsRoutes.exportPaymentTypes,
    { query: range },
    `takings-by-payment-type-${range.from}-${range.to}.csv`,
  );

export const exportCashiers = (range: Range) =>
  downloadRoute(
    reportsRoutes.exportCashiers,
    { query: range },
    `sales-by-cashier-${range.from}-${range.to}.csv`,
  );
