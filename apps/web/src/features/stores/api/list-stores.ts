import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StoreSummary } from '@tillbook/contract/stores';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

export const listStores = async (signal?: AbortSignal) =>
  (await api.get<StoreSummary[]>('/stores', undefined, signal)).data;

export const storesQuery = (userId: string | undefined) =>
  queryOptions({
    queryKey: ['stores', userId ?? 'none'],
    queryFn: ({ signal }) => listStores(signal),
    enabled: Boolean(userId),
  });

export const useStores = () => useQuery(storesQuery(useSession()?.user.id));
