import { queryOptions, useQuery } from '@tanstack/react-query';
import { shippingRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /shipping/store/{id}`: the path names the store, so the answer is that store's even mid-switch. */
export const listShippingRates = async (storeId: string, signal?: AbortSignal) =>
  (await call(shippingRoutes.listForStore, { params: { id: storeId }, signal })).data;

/** The rates are one list, unfiltered: its key is the resource's. */
export const shippingRatesKey = queryKeys.shippingRates.all;

export const shippingRatesQuery = (storeId: string | null) =>
  queryOptions({
    queryKey: shippingRatesKey(storeId),
    queryFn: ({ signal }) => listShippingRates(storeId!, signal),
    enabled: Boolean(storeId),
  });

export const useShippingRates = () => useQuery(shippingRatesQuery(useStoreId()));
