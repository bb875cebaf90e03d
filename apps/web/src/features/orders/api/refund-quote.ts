import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Body } from '@tillbook/contract/common';
import { ordersRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { orderKeys } from './list-orders';

export type RefundQuoteBody = Body<typeof ordersRoutes.refundQuote>;

export const quoteRefund = async (id: string, body: RefundQuoteBody, signal?: AbortSignal) =>
  (await call(ordersRoutes.refundQuote, { params: { id }, body, signal })).data;

/**
 * What the refund the dialog describes would pay back and how (`POST /order/{id}/refund/quote`),
 * worked out by the server's own refund arithmetic. Under the order's key, so the refund's
 * invalidation drops it; never kept offline (it is only true while the order is as read).
 */
export const refundQuoteQuery = (storeId: string | null, id: string, body: RefundQuoteBody | null) =>
  queryOptions({
    queryKey: orderKeys.part(storeId, 'refund-quote', id, body),
    queryFn: ({ signal }) => quoteRefund(id, body!, signal),
    enabled: Boolean(storeId && body),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
    meta: { persist: false },
  });

export const useRefundQuote = (id: string, body: RefundQuoteBody | null) =>
  useQuery(refundQuoteQuery(useStoreId(), id, body));
