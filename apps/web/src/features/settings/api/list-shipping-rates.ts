import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShippingRate } from '@tillbook/contract/shipping';
import { api } from '../../../lib/api-client';
import { storeKey, useStoreId } from '../../../lib/current-user';

/** `GET /shipping/store/{id}`: the path names the store, so the answer is that store's even mid-switch. */
export const listShippingRates = async (storeId: string, signal?: AbortSignal) =>
  (await api.get<ShippingRate[]>(`/shipping/store/${encodeURIComponent(storeId)}`, undefined, signal)).data;

export const shippingRatesKey = (storeId: string | null) => storeKey(storeId, 'shipping-rates');

export const shippingRatesQuery = (storeId: string | null) =>
  queryOptions({
    queryKey: shippingRatesKey(storeId),
    queryFn: ({ signal }) => listShippingRates(storeId!, signal),
    enabled: Boolean(storeId),
  });

export const useShippingRates = () => useQuery(shippingRatesQuery(useStoreId()));
