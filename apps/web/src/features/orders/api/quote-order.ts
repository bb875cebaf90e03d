import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ordersRoutes, type orderQuoteBody } from '@tillbook/contract/orders';
import type { z } from 'zod';
import { ApiError, call } from '../../../lib/api-client';
import { localQuote } from '../offline/local-quote';
import { serverCustomerId } from '../offline/offline-customers';
import { useStoreId } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';

export type QuoteBody = z.input<typeof orderQuoteBody>;

export const quoteOrder = async (body: QuoteBody, signal?: AbortSignal) =>
  (await call(ordersRoutes.quote, { body, signal })).data;

/** Until when the till looks things up on the device first: the server could not be reached. */
let unreachableUntil = 0;
const UNREACHABLE_MS = 30_000;
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    unreachableUntil = 0;
  });
}

/**
 * No network: the browser says so, or the call could not reach the server (`error`). After a
 * call could not, the till looks things up on the device first for 30 s (or until the browser
 * reports the network back), so scans do not each wait for a failing call, up to the 20 s
 * timeout on a dead connection (decision 0036).
 */
export const isOffline = (error?: unknown) => {
  if (error instanceof ApiError && error.status === 0) {
    unreachableUntil = Date.now() + UNREACHABLE_MS;
    return true;
  }
  if (typeof navigator !== 'undefined' && !navigator.onLine) return true;
  return error === undefined && Date.now() < unreachableUntil;
};

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
