import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@tillbook/contract/orders';
import type { addPaymentBody, RecordedPayment } from '@tillbook/contract/payments-received';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { storeKey, useStoreId } from '../../../lib/current-user';
import { useApiMutation, type ApiMutationOptions } from '../../../lib/use-api-mutation';
import { paymentsKey } from './list-payments';

export type AddPaymentBody = z.input<typeof addPaymentBody>;

/** The key belongs to one payment: made when the form opens, resent on a retry (one payment). */
export const addPaymentCall = ({ key, body }: { key: string; body: AddPaymentBody }) => ({
  path: '/payment_received/add_payment',
  method: 'POST' as const,
  body,
  headers: { 'Idempotency-Key': key },
});

export const useAddPayment = (
  options: Omit<
    ApiMutationOptions<{ key: string; body: AddPaymentBody }, RecordedPayment>,
    'kind' | 'call'
  > = {},
) => {
  const storeId = useStoreId();
  return useApiMutation<{ key: string; body: AddPaymentBody }, RecordedPayment>({
    kind: 'save',
    call: addPaymentCall,
    // The order's balance and payment state changed too.
    invalidate: [paymentsKey(storeId), storeKey(storeId, 'orders')],
    ...options,
  });
};

/** Orders a payment can be recorded against, searched by number, customer or phone. */
export const payableOrdersQuery = (storeId: string | null, search: string) =>
  queryOptions({
    queryKey: storeKey(storeId, 'orders', 'payable', search),
    queryFn: async ({ signal }) => {
      const answer = await api.get<Order[]>('/order', { search: search || undefined, perPage: 30 }, signal);
      return answer.data.filter(
        (o) => o.amount_outstanding > 0 && o.status !== 'cancelled' && o.status !== 'refunded',
      );
    },
    enabled: Boolean(storeId),
  });

export const usePayableOrders = (search: string) => useQuery(payableOrdersQuery(useStoreId(), search));

export const orderForPaymentQuery = (storeId: string | null, id: string | null) =>
  queryOptions({
    queryKey: storeKey(storeId, 'orders', 'one', id ?? ''),
    queryFn: async ({ signal }) =>
      (await api.get<Order>(`/order/${encodeURIComponent(id!)}`, undefined, signal)).data,
    enabled: Boolean(storeId && id),
  });

export const useOrderForPayment = (id: string | null) => useQuery(orderForPaymentQuery(useStoreId(), id));
