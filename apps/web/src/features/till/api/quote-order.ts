import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Body } from '@tillbook/contract/common';
import { ordersRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { localQuote } from '../offline/local-quote';
import { isOffline } from '../offline/network';
import { serverCustomerId } from '../offline/offline-customers';
import { useStoreId } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';

export type QuoteBody = Body<typeof ordersRoutes.quote>;

export const quoteOrder = async (body: QuoteBody, signal?: AbortSignal) =>
  (await call(ordersRoutes.quote, { body, signal })).data;

/**
 * The cart priced by the server (`POST /order/quote`), so the till shows exactly what the sale
 * will charge; with no network, priced on the device from its copy of the catalogue by the same
 * code (decision 0036). Kept out of the offline cache: a price is only good while it is fresh.
 */
export const orderQuoteQuery = (storeId: string | null, body: QuoteBody | null) =>
  queryOptions({
    queryKey: queryKeys.orderQuote.part(storeId, body),
    queryFn: async ({ signal }) => {
      if (isOffline()) return localQuote(storeId!, body!);
      // A customer added offline that the server does not have yet: priced on the device.
      const customerId = body!.customer_id ? await serverCustomerId(body!.customer_id) : undefined;
      if (customerId === null) return localQuote(storeId!, body!);
      try {
        return await quoteOrder(customerId ? { ...body!, customer_id: customerId } : body!, signal);
      } catch (error) {
        if (isOffline(error) && !signal.aborted) return localQuote(storeId!, body!);
        throw error;
      }
    },
    // Priced on the device when there is no network, so the query runs offline too.
    networkMode: 'always',
    enabled: Boolean(storeId && body && body.items.length > 0),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
    meta: { persist: false },
  });

export const useOrderQuote = (body: QuoteBody | null) => useQuery(orderQuoteQuery(useStoreId(), body));
