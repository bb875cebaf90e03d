import type { createOrderBody, Order } from '@tillbook/contract/orders';
import type { z } from 'zod';
import { storeKey, useStoreId } from '../../../lib/current-user';
import { useApiMutation, type ApiMutationOptions } from '../../../lib/use-api-mutation';
import { ordersKey } from './list-orders';

export type CreateOrderBody = z.input<typeof createOrderBody>;

/**
 * A sale carries its idempotency key, so a double press or a retry after a dropped connection
 * (or a reload, offline) records one sale and takes the stock once.
 */
export const createOrderCall = ({ key, body }: { key: string; body: CreateOrderBody }) => ({
  path: '/order',
  method: 'POST' as const,
  body,
  headers: { 'Idempotency-Key': key },
});

export const useCreateOrder = (
  options: Omit<ApiMutationOptions<{ key: string; body: CreateOrderBody }, Order>, 'kind' | 'call'> = {},
) => {
  const storeId = useStoreId();
  return useApiMutation<{ key: string; body: CreateOrderBody }, Order>({
    kind: 'create',
    call: createOrderCall,
    // Stock, discount uses and payments changed with the sale.
    invalidate: [
      ordersKey(storeId),
      storeKey(storeId, 'products'),
      storeKey(storeId, 'discounts'),
      storeKey(storeId, 'payments'),
    ],
    ...options,
  });
};
