import { queryOptions, useQuery } from '@tanstack/react-query';
import { tillRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';
import { useRouteMutation } from '../../../lib/use-api-mutation';

/**
 * The phone till's grid (decision 0056): the products the owner pinned and the store's top
 * sellers, as ids. Kept with the app's persisted answers, so a till opened offline draws the grid
 * it last saw; the products themselves come from the till's copy of the catalogue.
 */
export const tillFavouritesQuery = (storeId: string | null) =>
  queryOptions({
    queryKey: queryKeys.products.part(storeId, 'till-favourites'),
    queryFn: async ({ signal }) => (await call(tillRoutes.favourites, { signal })).data.product_ids,
    enabled: Boolean(storeId),
    staleTime: 60_000,
  });

export const tillTopSellersQuery = (storeId: string | null) =>
  queryOptions({
    // Under `insight`: a sale refreshes it with the other figures.
    queryKey: queryKeys.insight.part(storeId, 'till-top-sellers'),
    queryFn: async ({ signal }) => (await call(tillRoutes.topSellers, { signal })).data.product_ids,
    enabled: Boolean(storeId),
    // Thirty days of sales move slowly: once per till opening is plenty.
    staleTime: 10 * 60_000,
  });

export const useTillFavourites = () => useQuery(tillFavouritesQuery(useStoreId()));
export const useTillTopSellers = () => useQuery(tillTopSellersQuery(useStoreId()));

/** Pins a product to the grid or unpins it (owners and managers: `products.manage`). */
export const usePinFavourite = () => {
  const storeId = useStoreId();
  return useRouteMutation(tillRoutes.pinFavourite, {
    kind: 'update',
    args: ({ id, pinned }: { id: string; pinned: boolean }) => ({ params: { id }, body: { pinned } }),
    invalidate: [queryKeys.products.part(storeId, 'till-favourites')],
    persist: false,
  });
};
