import { queryOptions, useQuery } from '@tanstack/react-query';
import { walletRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { resourceKeys } from '../../../lib/query-keys';

/** The wallet's keys; Settings → Subscription invalidates them after paying from the wallet. */
export const walletKeys = resourceKeys('wallet');

export const walletQuery = (storeId: string | null) =>
  queryOptions({
    queryKey: walletKeys.part(storeId, 'details'),
    queryFn: async ({ signal }) => (await call(walletRoutes.details, { signal })).data,
    enabled: Boolean(storeId),
    // Money arrives from outside the app (a customer's transfer, the provider's webhook) and
    // another device may open the wallet: opening the screen always asks the server, showing
    // the kept copy meanwhile, rather than trusting it for the cache's 5 minutes.
    refetchOnMount: 'always',
  });

export const useWallet = () => useQuery(walletQuery(useStoreId()));
