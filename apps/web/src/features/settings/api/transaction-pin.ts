import { queryOptions, useQuery } from '@tanstack/react-query';
import type { setTransactionPinBody } from '@tillbook/contract/wallet';
import type { z } from 'zod';
import { walletRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';
import { useRouteMutation, type RouteMutationOptions } from '../../../lib/use-api-mutation';

export type PinBody = z.input<typeof setTransactionPinBody>;

export const pinStatusQuery = (storeId: string | null) =>
  queryOptions({
    queryKey: queryKeys.transactionPin.part(storeId, 'status'),
    queryFn: async ({ signal }) => (await call(walletRoutes.pinStatus, { signal })).data,
  });

export const usePinStatus = () => useQuery(pinStatusQuery(useStoreId()));

/** Carries the password: never kept for sending later. */
export const useSetPin = (
  options: Omit<RouteMutationOptions<typeof walletRoutes.setPin, PinBody>, 'kind' | 'args'> = {},
) =>
  useRouteMutation(walletRoutes.setPin, {
    kind: 'save',
    args: (body: PinBody) => ({ body }),
    invalidate: [queryKeys.transactionPin.all(useStoreId())],
    persist: false,
    ...options,
  });
