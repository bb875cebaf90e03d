import { queryOptions, useQuery } from '@tanstack/react-query';
import { authRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { accountKeys } from '../../../lib/query-keys';

export type { Invitation } from '@tillbook/contract/auth';

export const fetchInvitation = async (token: string, signal?: AbortSignal) =>
  (await call(authRoutes.invitation, { params: { token }, signal })).data;

export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: accountKeys.invitation(token),
    queryFn: ({ signal }) => fetchInvitation(token, signal),
    enabled: token.length >= 10,
    retry: false,
    meta: { persist: false },
  });

export const useInvitation = (token: string) => useQuery(invitationQuery(token));
