import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentMode, PaymentReceived } from '@tillbook/contract/payments-received';
import { api } from '../../../lib/api-client';
import { storeKey, useStoreId } from '../../../lib/current-user';

export interface PaymentFilters {
  page: number;
  perPage: number;
  search?: string;
  mode?: PaymentMode;
  from?: string;
  to?: string;
  orderId?: string;
  customerId?: string;
}

/** Every payment query of a store starts with this key (the sale screens invalidate it too). */
export const paymentsKey = (storeId: string | null) => storeKey(storeId, 'payments');

export const listPayments = (filters: PaymentFilters, signal?: AbortSignal) =>
  api.get<PaymentReceived[]>('/payment_received', { ...filters }, signal);

export const paymentsQuery = (storeId: string | null, filters: PaymentFilters) =>
  queryOptions({
    queryKey: [...paymentsKey(storeId), 'list', filters],
    queryFn: ({ signal }) => listPayments(filters, signal),
    enabled: Boolean(storeId),
    placeholderData: keepPreviousData,
  });

export const usePayments = (filters: PaymentFilters) => useQuery(paymentsQuery(useStoreId(), filters));

export const paymentQuery = (storeId: string | null, id: string | undefined) =>
  queryOptions({
    queryKey: [...paymentsKey(storeId), 'one', id ?? ''],
    queryFn: async ({ signal }) =>
      (await api.get<PaymentReceived>(`/payment_received/${encodeURIComponent(id!)}`, undefined, signal))
        .data,
    enabled: Boolean(storeId && id),
  });

export const usePayment = (id: string | undefined) => useQuery(paymentQuery(useStoreId(), id));
