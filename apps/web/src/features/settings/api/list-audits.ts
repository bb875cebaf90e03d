import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { auditListQuery } from '@tillbook/contract/audits';
import type { ListFilters } from '@tillbook/contract/common';
import { auditsRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';

export type AuditFilters = ListFilters<typeof auditListQuery>;

export const listAudits = (filters: AuditFilters, signal?: AbortSignal) =>
  call(auditsRoutes.list, { query: filters, signal });

export const auditsQuery = (storeId: string | null, filters: AuditFilters) =>
  queryOptions({
    queryKey: queryKeys.audits.list(storeId, filters),
    queryFn: ({ signal }) => listAudits(filters, signal),
    enabled: Boolean(storeId),
    placeholderData: keepPreviousData,
    // The log changes with every action: ask again when the screen is opened.
    staleTime: 0,
  });

export const useAudits = (filters: AuditFilters) => useQuery(auditsQuery(useStoreId(), filters));
