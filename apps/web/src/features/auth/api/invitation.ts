import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface Invitation {
  email: string;
  business_name: string;
  role: string;
  first_name: string | null;
  last_name: string | null;
  has_account: boolean;
  expires_at: string;
}

export const fetchInvitation = async (token: string, signal?: AbortSignal) =>
  (await api.get<Invitation>(`/members/invitation/${encodeURIComponent(token)}`, undefined, signal)).data;

export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) => fetchInvitation(token, signal),
    enabled: token.length >= 10,
    retry: false,
    meta: { persist: false },
  });

export const useInvitation = (token: string) => useQuery(invitationQuery(token));
