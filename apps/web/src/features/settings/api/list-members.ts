import { queryOptions, useQuery } from '@tanstack/react-query';
import { membersRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';

export const listMembers = async (signal?: AbortSignal) => (await call(membersRoutes.list, { signal })).data;

/** The team is one list, unfiltered: its key is the resource's. */
export const membersKey = queryKeys.members.all;

export const membersQuery = (storeId: string | null) =>
  queryOptions({
    queryKey: membersKey(storeId),
    queryFn: ({ signal }) => listMembers(signal),
    enabled: Boolean(storeId),
    // Invited people join from their own device, so the list changes without this screen:
    // ask again whenever it is opened.
    staleTime: 0,
  });

export const useMembers = () => useQuery(membersQuery(useStoreId()));
