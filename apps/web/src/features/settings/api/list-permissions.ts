import { queryOptions, useQuery } from '@tanstack/react-query';
import { PERMISSION_GROUPS } from '@tillbook/contract/permissions';
import { api } from '../../../lib/api-client';

export type PermissionGroup = { area: string; permissions: readonly { key: string; label: string }[] };

export const listPermissions = async (signal?: AbortSignal) =>
  (await api.get<PermissionGroup[]>('/permissions', undefined, signal)).data;

/** The catalogue is fixed per release: the contract's copy shows at once, the API's confirms it. */
export const permissionsQuery = () =>
  queryOptions({
    queryKey: ['permissions'],
    queryFn: ({ signal }) => listPermissions(signal),
    placeholderData: PERMISSION_GROUPS as unknown as PermissionGroup[],
    staleTime: Infinity,
  });

export const usePermissions = () => useQuery(permissionsQuery());
