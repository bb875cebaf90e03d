import { queryOptions, useQuery } from '@tanstack/react-query';
import { shiftsRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';

/** A shift with its figures (the Z-report); another member's needs `shifts.manage`. */
export const shiftQuery = (storeId: string | null, id: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.shifts.one(storeId, id),
    queryFn: async ({ signal }) => (await call(shiftsRoutes.get, { params: { id: id ?? '' }, signal })).data,
    enabled: Boolean(storeId && id),
  });

export const useShift = (id: string | undefined) => useQuery(shiftQuery(useStoreId(), id));
