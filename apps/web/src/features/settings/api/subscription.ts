import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { subscriptionsRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { resourceKeys } from '../../../lib/query-keys';
import { useRouteMutation } from '../../../lib/use-api-mutation';

const subscriptionKeys = resourceKeys('subscription');
/** Paying for a plan changes the wallet's balance and transactions. */
const walletKeys = resourceKeys('wallet');

export const currentSubscriptionQuery = (storeId: string | null) =>
  queryOptions({
    queryKey: subscriptionKeys.part(storeId, 'current'),
    queryFn: async ({ signal }) => (await call(subscriptionsRoutes.current, { signal })).data,
    enabled: Boolean(storeId),
  });
export const useCurrentSubscription = () => useQuery(currentSubscriptionQuery(useStoreId()));

export const plansQuery = (storeId: string | null) =>
  queryOptions({
    queryKey: subscriptionKeys.part(storeId, 'plans'),
    queryFn: async ({ signal }) => (await call(subscriptionsRoutes.all, { signal })).data,
    enabled: Boolean(storeId),
  });
export const usePlans = () => useQuery(plansQuery(useStoreId()));

export const subscriptionHistoryQuery = (storeId: string | null, page: number, perPage: number) =>
  queryOptions({
    queryKey: subscriptionKeys.list(storeId, { page, perPage }),
    queryFn: ({ signal }) => call(subscriptionsRoutes.history, { query: { page, perPage }, signal }),
    enabled: Boolean(storeId),
    placeholderData: keepPreviousData,
  });
export const useSubscriptionHistory = (page: number, perPage: number) =>
  useQuery(subscriptionHistoryQuery(useStoreId(), page, perPage));

export const useSubscribe = () => {
  const storeId = useStoreId();
  return useRouteMutation(subscriptionsRoutes.subscribe, {
    kind: 'save',
    // Carries the password or PIN of a paid plan: never kept for sending later (persist: false).
    args: ({ key, ...body }: { plan_code: string; key: string; password?: string; pin?: string }) => ({
      body,
      headers: { 'Idempotency-Key': key },
    }),
    invalidate: [subscriptionKeys.all(storeId), walletKeys.all(storeId)],
    persist: false,
  });
};
