import { queryOptions, useQuery } from '@tanstack/react-query';
import { authRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { accountKeys } from '../../../lib/query-keys';

export const verifyEmailLink = async (token: string, signal?: AbortSignal) =>
  (await call(authRoutes.verifyEmailLink, { params: { token }, signal })).data;

/** A one-time link: asked once, never cached across reloads. */
export const verifyEmailLinkQuery = (token: string) =>
  queryOptions({
    queryKey: accountKeys.verifyEmailLink(token),
    queryFn: ({ signal }) => verifyEmailLink(token, signal),
    retry: false,
    staleTime: Infinity,
    meta: { persist: false },
  });

export const useVerifyEmailLink = (token: string) => useQuery(verifyEmailLinkQuery(token));
