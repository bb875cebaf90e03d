import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@tillbook/contract/audits';
import { api } from '../../../lib/api-client';
import { storeKey, useStoreId } from '../../../lib/current-user';

export interface AuditFilters {
  page: number;
  perPage: number;
  search?: string;
  action?: string;
  entity?: string;
  from?: string;
  to?: string;
}

export const listAudits = (filters: AuditFilters, signal?: AbortSignal) =>
  api.get<AuditEntry[]>('/audits', { ...filters }, signal);

export const auditsQuery = (storeId: string | null, filters: AuditFilters) =>
  queryOptions({
    queryKey: storeKey(storeId, 'audits', filters),
    queryFn: ({ signal }) => listAudits(filters, signal),
    enabled: Boolean(storeId),
    placeholderData: keepPreviousData,
    // The log changes with every action: ask again when the screen is opened.
    staleTime: 0,
  });

export const useAudits = (filters: AuditFilters) => useQuery(auditsQuery(useStoreId(), filters));
