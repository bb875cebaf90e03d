import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiKeyEnv, ApiKeyScope, ApiKeyType } from '@tillbook/contract/developers';
import { developersRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { resourceKeys } from '../../../lib/query-keys';
import { useRouteMutation } from '../../../lib/use-api-mutation';

export const developerKeys = resourceKeys('developers');

export const keysQuery = (storeId: string | null) =>
  queryOptions({
    queryKey: developerKeys.part(storeId, 'keys'),
    queryFn: async ({ signal }) => (await call(developersRoutes.keys, { signal })).data,
    enabled: Boolean(storeId),
  });

export const usageQuery = (storeId: string | null) =>
  queryOptions({
    queryKey: developerKeys.part(storeId, 'usage'),
    queryFn: async ({ signal }) => (await call(developersRoutes.usage, { signal })).data,
    enabled: Boolean(storeId),
    // Calls made with the keys elsewhere move it: asked again on every visit, not kept fresh
    // for the cache's usual five minutes.
    staleTime: 0,
  });

export const useApiKeys = () => useQuery(keysQuery(useStoreId()));
export const useApiUsage = () => useQuery(usageQuery(useStoreId()));

/**
 * Keys and secrets are never kept for sending later (`persist: false`): a secret in the offline
 * queue would sit in the browser's storage.
 */
export const useGenerateKey = () =>
  useRouteMutation(developersRoutes.generateKeys, {
    kind: 'create',
    args: (query: { env: ApiKeyEnv; type?: ApiKeyType }) => ({ query }),
    invalidate: [developerKeys.all(useStoreId())],
    persist: false,
  });

export const useRollKey = () =>
  useRouteMutation(developersRoutes.roll, {
    kind: 'update',
    args: ({ id, grace_hours }: { id: string; grace_hours: number }) => ({
      params: { id },
      body: { grace_hours },
    }),
    invalidate: [developerKeys.all(useStoreId())],
    persist: false,
  });

export const useRevealKey = () =>
  useRouteMutation(developersRoutes.reveal, {
    kind: 'update',
    args: ({ id, password }: { id: string; password: string }) => ({ params: { id }, body: { password } }),
    persist: false,
  });

export const useSetKeyScope = () =>
  useRouteMutation(developersRoutes.setScope, {
    kind: 'update',
    args: ({ id, scope }: { id: string; scope: ApiKeyScope }) => ({ params: { id }, body: { scope } }),
    invalidate: [developerKeys.all(useStoreId())],
    persist: false,
  });

export const useResetSandbox = () =>
  useRouteMutation(developersRoutes.resetSandbox, {
    kind: 'delete',
    args: () => ({}),
    invalidate: [developerKeys.all(useStoreId())],
    persist: false,
  });
