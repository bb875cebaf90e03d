import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ordersRoutes, type orderQuoteBody } from '@tillbook/contract/orders';
import type { z } from 'zod';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';

export type QuoteBody = z.input<typeof orderQuoteBody>;

export const quoteOrder = async (body: QuoteBody, signal?: AbortSignal) =>
  (await call(ordersRoutes.quote, { body, signal })).data;

/**
 * The cart priced by the server (`POST /order/quote`), so the till shows exactly what the sale
 * will charge. Kept out of the offline cache: a price is only good while it is fresh.
 */
export const orderQuoteQuery = (storeId: string | null, body: QuoteBody | null) =>
  queryOptions({
    queryKey: queryKeys.orderQuote.part(storeId, body),
    queryFn: ({ signal }) => quoteOrder(body!, signal),
    enabled: Boolean(storeId && body && body.items.length > 0),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
    meta: { persist: false },
  });

export const useOrderQuote = (body: QuoteBody | null) => useQuery(orderQuoteQuery(useStoreId(), body));
