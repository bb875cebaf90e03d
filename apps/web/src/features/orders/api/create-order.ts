import { ordersRoutes, type createOrderBody } from '@tillbook/contract/orders';
import type { z } from 'zod';
import { useStoreId } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';
import { routeCall, useRouteMutation, type RouteMutationOptions } from '../../../lib/use-api-mutation';

export type CreateOrderBody = z.input<typeof createOrderBody>;

type Sale = { key: string; body: CreateOrderBody };

/**
 * A sale carries its idempotency key, so a double press or a retry after a dropped connection
 * (or a reload, offline) records one sale and takes the stock once.
 */
const saleArgs = ({ key, body }: Sale) => ({ body, headers: { 'Idempotency-Key': key } });

/** The sale as a change to send (kept while offline and replayed with the same key). */
export const createOrderCall = (sale: Sale) => routeCall(ordersRoutes.create, saleArgs(sale));

export const useCreateOrder = (
  options: Omit<RouteMutationOptions<typeof ordersRoutes.create, Sale>, 'kind' | 'args'> = {},
) => {
  const storeId = useStoreId();
  return useRouteMutation(ordersRoutes.create, {
    kind: 'create',
    args: saleArgs,
    // Stock, discount uses and payments changed with the sale.
    invalidate: [
      queryKeys.orders.all(storeId),
      queryKeys.products.all(storeId),
      queryKeys.discounts.all(storeId),
      queryKeys.payments.all(storeId),
      queryKeys.insight.all(storeId),
    ],
    ...options,
  });
};
