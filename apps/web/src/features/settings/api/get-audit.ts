import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@tillbook/contract/audits';
import { api } from '../../../lib/api-client';
import { storeKey, useStoreId } from '../../../lib/current-user';

export const getAudit = async (id: string, signal?: AbortSignal) =>
  (await api.get<AuditEntry>(`/audits/${encodeURIComponent(id)}`, undefined, signal)).data;

export const auditQuery = (storeId: string | null, id: string | null) =>
  queryOptions({
    queryKey: storeKey(storeId, 'audit', id),
    queryFn: ({ signal }) => getAudit(id!, signal),
    enabled: Boolean(storeId && id),
  });

export const useAudit = (id: string | null) => useQuery(auditQuery(useStoreId(), id));
