import type { storeAddressBody } from '@tillbook/contract/stores';
import type { z } from 'zod';
import { storesRoutes } from '@tillbook/contract/route-refs';
import { accountKeys } from '../../../lib/query-keys';
import { useRouteMutation, type RouteMutationOptions } from '../../../lib/use-api-mutation';

export type StoreAddressBody = z.input<typeof storeAddressBody>;

export const useUpdateStoreAddress = (
  options: Omit<RouteMutationOptions<typeof storesRoutes.address, StoreAddressBody>, 'kind' | 'args'> = {},
) =>
  useRouteMutation(storesRoutes.address, {
    kind: 'save',
    args: (body: StoreAddressBody) => ({ body }),
    invalidate: [accountKeys.stores(), accountKeys.currentUser()],
    ...options,
  });
