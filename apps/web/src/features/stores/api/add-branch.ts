import type { addBranchBody } from '@tillbook/contract/stores';
import type { z } from 'zod';
import { storesRoutes } from '@tillbook/contract/route-refs';
import { accountKeys } from '../../../lib/query-keys';
import { useRouteMutation, type RouteMutationOptions } from '../../../lib/use-api-mutation';

export type AddBranchBody = z.input<typeof addBranchBody>;

export const useAddBranch = (
  options: Omit<RouteMutationOptions<typeof storesRoutes.addBranch, AddBranchBody>, 'kind' | 'args'> = {},
) =>
  useRouteMutation(storesRoutes.addBranch, {
    kind: 'create',
    args: (body: AddBranchBody) => ({ body }),
    invalidate: [accountKeys.stores(), accountKeys.currentUser()],
    ...options,
  });
