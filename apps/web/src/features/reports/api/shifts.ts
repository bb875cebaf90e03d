import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ShiftStatus } from '@tillbook/contract/shift-constants';
import { shiftsRoutes } from '@tillbook/contract/route-refs';
import { call, downloadRoute } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';

/** The Shifts tab's filters: the report's period (the day each shift opened), status, member. */
export type ShiftFilters = {
  from: string;
  to: string;
  page: number;
  perPage: number;
  status?: ShiftStatus;
  memberId?: string;
};

const shiftsQuery = (storeId: string | null, filters: ShiftFilters) =>
  queryOptions({
    queryKey: queryKeys.shifts.list(storeId, filters),
    queryFn: async ({ signal }) => {
      const answer = await call(shiftsRoutes.list, { query: filters, signal });
      return { rows: answer.data, pagination: answer.pagination };
    },
    enabled: Boolean(storeId),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useShifts = (filters: ShiftFilters) => useQuery(shiftsQuery(useStoreId(), filters));

/** The shifts of the filters (every page) with their drawer figures, as the server's CSV. */
export const exportShifts = ({ page: _page, perPage: _perPage, ...filters }: ShiftFilters) =>
  downloadRoute(shiftsRoutes.export, { query: filters }, `shifts-${filters.from}-${filters.to}.csv`);
