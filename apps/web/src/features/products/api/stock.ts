import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { adjustStockBody, StockAdjustment, StockMovement } from '@tillbook/contract/products';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { useApiMutation, type ApiMutationOptions } from '../../../lib/use-api-mutation';
import { productsKey } from './list-products';

export type AdjustStockBody = z.input<typeof adjustStockBody>;

export const stockMovementsQuery = (storeId: string | null, id: string, page: number, perPage: number) =>
  queryOptions({
    queryKey: [...productsKey(storeId), 'stock', id, page, perPage],
    queryFn: ({ signal }) =>
      api.get<StockMovement[]>(
        `/product/${encodeURIComponent(id)}/stock-movements`,
        { page, perPage },
        signal,
      ),
    enabled: Boolean(storeId),
    placeholderData: keepPreviousData,
  });

export const useStockMovements = (id: string, page: number, perPage: number) =>
  useQuery(stockMovementsQuery(useStoreId(), id, page, perPage));

/**
 * Adjusts stock with an `Idempotency-Key`, made once per adjustment: a resend after a lost
 * answer (or offline and back) moves the stock once.
 */
export const useAdjustStock = (
  options: Omit<
    ApiMutationOptions<{ id: string; body: AdjustStockBody; key: string }, StockAdjustment>,
    'kind' | 'call'
  > = {},
) =>
  useApiMutation<{ id: string; body: AdjustStockBody; key: string }, StockAdjustment>({
    kind: 'update',
    call: ({ id, body, key }) => ({
      path: `/product/${encodeURIComponent(id)}/adjust-stock`,
      method: 'POST',
      body,
      headers: { 'Idempotency-Key': key },
    }),
    invalidate: [productsKey(useStoreId())],
    ...options,
  });
