import { queryOptions, useQuery } from '@tanstack/react-query';
import type { addPaymentBody } from '@tillbook/contract/payments-received';
import type { z } from 'zod';
import { ordersRoutes, paymentsReceivedRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';
import { routeCall, useRouteMutation, type RouteMutationOptions } from '../../../lib/use-api-mutation';
import { paymentsKey } from './list-payments';

export type AddPaymentBody = z.input<typeof addPaymentBody>;

type NewPayment = { key: string; body: AddPaymentBody };

/** The key belongs to one payment: made when the form opens, resent on a retry (one payment). */
const paymentArgs = ({ key, body }: NewPayment) => ({ body, headers: { 'Idempotency-Key': key } });

export const addPaymentCall = (payment: NewPayment) =>
  routeCall(paymentsReceivedRoutes.add, paymentArgs(payment));

export const useAddPayment = (
  options: Omit<RouteMutationOptions<typeof paymentsReceivedRoutes.add, NewPayment>, 'kind' | 'args'> = {},
) => {
  const storeId = useStoreId();
  return useRouteMutation(paymentsReceivedRoutes.add, {
    kind: 'save',
    args: paymentArgs,
    // The order's balance and payment state changed too.
    invalidate: [paymentsKey(storeId), queryKeys.orders.all(storeId), queryKeys.insight.all(storeId)],
    ...options,
  });
};

/** Orders a payment can be recorded against, searched by number, customer or phone. */
export const payableOrdersQuery = (storeId: string | null, search: string) =>
  queryOptions({
    queryKey: queryKeys.orders.part(storeId, 'payable', search),
    queryFn: async ({ signal }) => {
      const answer = await call(ordersRoutes.list, {
        query: { search: search || undefined, perPage: 30 },
        signal,
      });
      return answer.data.filter(
        (o) => o.amount_outstanding > 0 && o.status !== 'cancelled' && o.status !== 'refunded',
      );
    },
    enabled: Boolean(storeId),
  });

export const usePayableOrders = (search: string) => useQuery(payableOrdersQuery(useStoreId(), search));

export const orderForPaymentQuery = (storeId: string | null, id: string | null) =>
  queryOptions({
    queryKey: queryKeys.orders.one(storeId, id ?? undefined),
    queryFn: async ({ signal }) => (await call(ordersRoutes.get, { params: { id: id! }, signal })).data,
    enabled: Boolean(storeId && id),
  });

export const useOrderForPayment = (id: string | null) => useQuery(orderForPaymentQuery(useStoreId(), id));
