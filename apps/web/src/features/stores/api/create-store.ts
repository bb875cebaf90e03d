import type { createStoreBody } from '@tillbook/contract/stores';
import type { z } from 'zod';
import { storesRoutes } from '@tillbook/contract/route-refs';
import { accountKeys } from '../../../lib/query-keys';
import { useRouteMutation, type RouteMutationOptions } from '../../../lib/use-api-mutation';

export type CreateStoreBody = z.input<typeof createStoreBody>;

export const useCreateStore = (
  options: Omit<RouteMutationOptions<typeof storesRoutes.create, CreateStoreBody>, 'kind' | 'args'> = {},
) =>
  useRouteMutation(storesRoutes.create, {
    kind: 'create',
    args: (body: CreateStoreBody) => ({ body }),
    invalidate: [accountKeys.stores(), accountKeys.currentUser()],
    ...options,
  });
