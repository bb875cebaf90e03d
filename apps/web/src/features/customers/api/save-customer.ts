import type { createCustomerBody } from '@tillbook/contract/customers';
import type { Answer } from '@tillbook/contract/common';
import type { z } from 'zod';
import { customersRoutes } from '@tillbook/contract/route-refs';
import { useStoreId } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';
import {
  routeCall,
  useApiMutation,
  useRouteMutation,
  type ApiMutationOptions,
  saveHooks,
  useCreateRoute,
  type HookMutationOptions,
} from '../../../lib/use-api-mutation';

export type CreateCustomerBody = z.input<typeof createCustomerBody>;

const saves = saveHooks(customersRoutes, 'update', (storeId) => [queryKeys.customers.all(storeId)]);

export const useCreateCustomer = (
  options: HookMutationOptions<typeof customersRoutes.create, CreateCustomerBody> = {},
) => {
  const storeId = useStoreId();
  // The dashboard counts customers and charts those added.
  return useCreateRoute(
    customersRoutes.create,
    [queryKeys.customers.all(storeId), queryKeys.insight.all(storeId)],
    options,
  );
};

export const useUpdateCustomer = saves.useUpdate;

type BlockVars = { id: string; blocked: boolean };

/**
 * Blocks or unblocks (the spec's GET calls; POST is accepted too and is the right verb for a
 * change). The two routes answer alike, so one mutation sends whichever the change needs.
 */
export const useSetBlocked = (
  options: Omit<ApiMutationOptions<BlockVars, Answer<typeof customersRoutes.block>>, 'kind' | 'call'> = {},
) =>
  useApiMutation<BlockVars, Answer<typeof customersRoutes.block>>({
    kind: 'update',
    call: ({ id, blocked }) =>
      routeCall(blocked ? customersRoutes.block : customersRoutes.unblock, { params: { id } }),
    invalidate: [queryKeys.customers.all(useStoreId())],
    ...options,
  });

/** One realistic sample customer. */
export const useGenerateCustomer = (
  options: HookMutationOptions<typeof customersRoutes.autoCreate, void> = {},
) =>
  useRouteMutation(customersRoutes.autoCreate, {
    kind: 'create',
    args: () => ({}),
    invalidate: [queryKeys.customers.all(useStoreId())],
    ...options,
  });
