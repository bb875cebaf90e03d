import { queryOptions, useQuery } from '@tanstack/react-query';
import { storesRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { accountKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

export const listStores = async (signal?: AbortSignal) => (await call(storesRoutes.list, { signal })).data;

export const storesQuery = (userId: string | undefined) =>
  queryOptions({
    queryKey: accountKeys.stores(userId ?? 'none'),
    queryFn: ({ signal }) => listStores(signal),
    enabled: Boolean(userId),
  });

export const useStores = () => useQuery(storesQuery(useSession()?.user.id));
