import { queryOptions, useQuery } from '@tanstack/react-query';
import { membersRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';

export const listRoles = async (signal?: AbortSignal) => (await call(membersRoutes.roles, { signal })).data;

/** The roles are one list, unfiltered: its key is the resource's. */
export const rolesKey = queryKeys.roles.all;

export const rolesQuery = (storeId: string | null) =>
  queryOptions({
    queryKey: rolesKey(storeId),
    queryFn: ({ signal }) => listRoles(signal),
    enabled: Boolean(storeId),
  });

export const useRoles = () => useQuery(rolesQuery(useStoreId()));
