import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Member } from '@tillbook/contract/members';
import { api } from '../../../lib/api-client';
import { storeKey, useStoreId } from '../../../lib/current-user';

export const listMembers = async (signal?: AbortSignal) =>
  (await api.get<Member[]>('/members/all-members', undefined, signal)).data;

export const membersKey = (storeId: string | null) => storeKey(storeId, 'members');

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
