import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListFilters } from '@tillbook/contract/common';
import type { paymentListQuery } from '@tillbook/contract/payments-received';
import { paymentsReceivedRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';

export type PaymentFilters = ListFilters<typeof paymentListQuery>;

export const paymentKeys = queryKeys.payments;

/** Every payment query of a store starts with this key (the sale screens invalidate it too). */
export const paymentsKey = paymentKeys.all;

export const listPayments = (filters: PaymentFilters, signal?: AbortSignal) =>
  call(paymentsReceivedRoutes.list, { query: filters, signal });

export const paymentsQuery = (storeId: string | null, filters: PaymentFilters) =>
  queryOptions({
    queryKey: paymentKeys.list(storeId, filters),
    queryFn: ({ signal }) => listPayments(filters, signal),
    enabled: Boolean(storeId),
    placeholderData: keepPreviousData,
  });

export const usePayments = (filters: PaymentFilters) => useQuery(paymentsQuery(useStoreId(), filters));

export const paymentQuery = (storeId: string | null, id: string | undefined) =>
  queryOptions({
    queryKey: paymentKeys.one(storeId, id),
    queryFn: async ({ signal }) =>
      (await call(paymentsReceivedRoutes.get, { params: { id: id! }, signal })).data,
    enabled: Boolean(storeId && id),
  });

export const usePayment = (id: string | undefined) => useQuery(paymentQuery(useStoreId(), id));
