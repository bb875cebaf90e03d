import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { orderQuoteBody, OrderQuote } from '@tillbook/contract/orders';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { storeKey, useStoreId } from '../../../lib/current-user';

export type QuoteBody = z.input<typeof orderQuoteBody>;

export const quoteOrder = async (body: QuoteBody, signal?: AbortSignal) =>
  (await apiRequest<OrderQuote>('/order/quote', { method: 'POST', body, signal })).data;

/**
 * The cart priced by the server (`POST /order/quote`), so the till shows exactly what the sale
 * will charge. Kept out of the offline cache: a price is only good while it is fresh.
 */
export const orderQuoteQuery = (storeId: string | null, body: QuoteBody | null) =>
  queryOptions({
    queryKey: storeKey(storeId, 'order-quote', body),
    queryFn: ({ signal }) => quoteOrder(body!, signal),
    enabled: Boolean(storeId && body && body.items.length > 0),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
    meta: { persist: false },
  });

export const useOrderQuote = (body: QuoteBody | null) => useQuery(orderQuoteQuery(useStoreId(), body));
