import type { storeDetailsBody } from '@tillbook/contract/stores';
import type { z } from 'zod';
import { storesRoutes } from '@tillbook/contract/route-refs';
import { accountKeys } from '../../../lib/query-keys';
import { useRouteMutation, type RouteMutationOptions } from '../../../lib/use-api-mutation';

export type StoreDetailsBody = z.input<typeof storeDetailsBody>;

export const useUpdateStoreDetails = (
  options: Omit<RouteMutationOptions<typeof storesRoutes.details, StoreDetailsBody>, 'kind' | 'args'> = {},
) =>
  useRouteMutation(storesRoutes.details, {
    kind: 'save',
    args: (body: StoreDetailsBody) => ({ body }),
    invalidate: [accountKeys.stores(), accountKeys.currentUser()],
    ...options,
  });
