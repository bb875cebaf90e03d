import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Role } from '@tillbook/contract/members';
import { api } from '../../../lib/api-client';
import { storeKey, useStoreId } from '../../../lib/current-user';

export const listRoles = async (signal?: AbortSignal) =>
  (await api.get<Role[]>('/roles', undefined, signal)).data;

export const rolesKey = (storeId: string | null) => storeKey(storeId, 'roles');

export const rolesQuery = (storeId: string | null) =>
  queryOptions({
    queryKey: rolesKey(storeId),
    queryFn: ({ signal }) => listRoles(signal),
    enabled: Boolean(storeId),
  });

export const useRoles = () => useQuery(rolesQuery(useStoreId()));
