import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { adjustStockBody } from '@tillbook/contract/products';
import type { z } from 'zod';
import { productsRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { useRouteMutation, type RouteMutationOptions } from '../../../lib/use-api-mutation';
import { productKeys, productsKey } from './list-products';

export type AdjustStockBody = z.input<typeof adjustStockBody>;

type AdjustVars = { id: string; body: AdjustStockBody; key: string };

export const stockMovementsQuery = (storeId: string | null, id: string, page: number, perPage: number) =>
  queryOptions({
    queryKey: productKeys.part(storeId, 'stock', id, page, perPage),
    queryFn: ({ signal }) =>
      call(productsRoutes.stockMovements, { params: { id }, query: { page, perPage }, signal }),
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
  options: Omit<RouteMutationOptions<typeof productsRoutes.adjustStock, AdjustVars>, 'kind' | 'args'> = {},
) =>
  useRouteMutation(productsRoutes.adjustStock, {
    kind: 'update',
    args: ({ id, body, key }: AdjustVars) => ({
      params: { id },
      body,
      headers: { 'Idempotency-Key': key },
    }),
    invalidate: [productsKey(useStoreId())],
    ...options,
  });
