import { queryOptions, useQuery } from '@tanstack/react-query';
import { shippingRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The store's shipping rates the till can offer (`GET /shipping/store/{id}`). Same cache entry as
 * the settings screen's list, so a rate saved there shows here at once.
 */
export const shippingRatesQuery = (storeId: string | null) =>
  queryOptions({
    queryKey: queryKeys.shippingRates.all(storeId),
    queryFn: async ({ signal }) =>
      (await call(shippingRoutes.listForStore, { params: { id: storeId! }, signal })).data,
    enabled: Boolean(storeId),
  });

export const useShippingRates = () => useQuery(shippingRatesQuery(useStoreId()));
