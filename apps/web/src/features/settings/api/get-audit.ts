import { queryOptions, useQuery } from '@tanstack/react-query';
import { auditsRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';

export const getAudit = async (id: string, signal?: AbortSignal) =>
  (await call(auditsRoutes.get, { params: { id }, signal })).data;

export const auditQuery = (storeId: string | null, id: string | null) =>
  queryOptions({
    queryKey: queryKeys.audits.one(storeId, id ?? undefined),
    queryFn: ({ signal }) => getAudit(id!, signal),
    enabled: Boolean(storeId && id),
  });

export const useAudit = (id: string | null) => useQuery(auditQuery(useStoreId(), id));
