import { queryOptions, useQuery } from '@tanstack/react-query';
import { PERMISSION_GROUPS } from '@tillbook/contract/permissions';
import { membersRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { accountKeys } from '../../../lib/query-keys';

export type { PermissionGroup } from '@tillbook/contract/members';

export const listPermissions = async (signal?: AbortSignal) =>
  (await call(membersRoutes.permissions, { signal })).data;

/** The catalogue is fixed per release: the contract's copy shows at once, the API's confirms it. */
export const permissionsQuery = () =>
  queryOptions({
    queryKey: accountKeys.permissions(),
    queryFn: ({ signal }) => listPermissions(signal),
    placeholderData: [...PERMISSION_GROUPS],
    staleTime: Infinity,
  });

export const usePermissions = () => useQuery(permissionsQuery());
