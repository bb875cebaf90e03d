import { queryOptions, useQuery } from '@tanstack/react-query';
import type { updateReceiptSettingsBody } from '@tillbook/contract/receipts';
import { receiptsRoutes } from '@tillbook/contract/route-refs';
import type { z } from 'zod';
import { call } from './api-client';
import { useStoreId } from './current-user';
import { queryKeys } from './query-keys';
import { useRouteMutation, type RouteMutationOptions } from './use-api-mutation';

export type ReceiptSettingsBody = z.input<typeof updateReceiptSettingsBody>;

export const receiptSettingsQuery = (storeId: string | null) =>
  queryOptions({
    queryKey: queryKeys.receiptSettings.all(storeId),
    queryFn: async ({ signal }) => (await call(receiptsRoutes.settings, { signal })).data,
    enabled: Boolean(storeId),
  });

export const useReceiptSettings = () => useQuery(receiptSettingsQuery(useStoreId()));

export const useSaveReceiptSettings = (
  options: Omit<
    RouteMutationOptions<typeof receiptsRoutes.updateSettings, ReceiptSettingsBody>,
    'kind' | 'args'
  > = {},
) =>
  useRouteMutation(receiptsRoutes.updateSettings, {
    kind: 'save',
    args: (body: ReceiptSettingsBody) => ({ body }),
    invalidate: [queryKeys.receiptSettings.all(useStoreId())],
    ...options,
  });
