import { queryOptions, useQuery } from '@tanstack/react-query';
import type { updateTillSettingsBody } from '@tillbook/contract/till';
import type { z } from 'zod';
import { tillRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';
import { useRouteMutation, type RouteMutationOptions } from '../../../lib/use-api-mutation';

export type TillSettingsBody = z.input<typeof updateTillSettingsBody>;

export const tillSettingsQuery = (storeId: string | null) =>
  queryOptions({
    queryKey: queryKeys.tillSettings.all(storeId),
    queryFn: async ({ signal }) => (await call(tillRoutes.settings, { signal })).data,
  });

export const useTillSettings = () => useQuery(tillSettingsQuery(useStoreId()));

export const useSaveTillSettings = (
  options: Omit<
    RouteMutationOptions<typeof tillRoutes.updateSettings, TillSettingsBody>,
    'kind' | 'args'
  > = {},
) =>
  useRouteMutation(tillRoutes.updateSettings, {
    kind: 'save',
    args: (body: TillSettingsBody) => ({ body }),
    invalidate: [queryKeys.tillSettings.all(useStoreId())],
    ...options,
  });
