import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShippingRate } from '@tillbook/contract/shipping';
import { api } from '../../../lib/api-client';
import { storeKey, useStoreId } from '../../../lib/current-user';

/**
 * The store's shipping rates the till can offer (`GET /shipping/store/{id}`). Same cache entry as
 * the settings screen's list, so a rate saved there shows here at once.
 */
export const shippingRatesQuery = (storeId: string | null) =>
  queryOptions({
    queryKey: storeKey(storeId, 'shipping-rates'),
    queryFn: async ({ signal }) =>
      (await api.get<ShippingRate[]>(`/shipping/store/${encodeURIComponent(storeId!)}`, undefined, signal))
        .data,
    enabled: Boolean(storeId),
  });

export const useShippingRates = () => useQuery(shippingRatesQuery(useStoreId()));
