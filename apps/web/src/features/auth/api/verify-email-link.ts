import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@tillbook/contract/auth';
import { api } from '../../../lib/api-client';

export const verifyEmailLink = async (token: string, signal?: AbortSignal) =>
  (await api.get<User>(`/user/verify_email/${encodeURIComponent(token)}`, undefined, signal)).data;

/** A one-time link: asked once, never cached across reloads. */
export const verifyEmailLinkQuery = (token: string) =>
  queryOptions({
    queryKey: ['verify-email-link', token],
    queryFn: ({ signal }) => verifyEmailLink(token, signal),
    retry: false,
    staleTime: Infinity,
    meta: { persist: false },
  });

export const useVerifyEmailLink = (token: string) => useQuery(verifyEmailLinkQuery(token));
