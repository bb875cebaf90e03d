import {
  customersRoutes,
  type createCustomerBody,
  type updateCustomerBody,
} from '@tillbook/contract/customers';
import type { Answer } from '@tillbook/contract/common';
import type { z } from 'zod';
import { useStoreId } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';
import {
  routeCall,
  useApiMutation,
  useRouteMutation,
  type ApiMutationOptions,
  type RouteMutationOptions,
} from '../../../lib/use-api-mutation';

export type CreateCustomerBody = z.input<typeof createCustomerBody>;
export type UpdateCustomerBody = z.input<typeof updateCustomerBody>;

type Options<R extends (typeof customersRoutes)[keyof typeof customersRoutes], V> = Omit<
  RouteMutationOptions<R, V>,
  'kind' | 'args'
>;

export const useCreateCustomer = (
  options: Options<typeof customersRoutes.create, CreateCustomerBody> = {},
) => {
  const storeId = useStoreId();
  return useRouteMutation(customersRoutes.create, {
    kind: 'create',
    args: (body: CreateCustomerBody) => ({ body }),
    // The dashboard counts customers and charts those added.
    invalidate: [queryKeys.customers.all(storeId), queryKeys.insight.all(storeId)],
    ...options,
  });
};

export const useUpdateCustomer = (
  options: Options<typeof customersRoutes.update, { id: string; body: UpdateCustomerBody }> = {},
) =>
  useRouteMutation(customersRoutes.update, {
    kind: 'update',
    args: ({ id, body }: { id: string; body: UpdateCustomerBody }) => ({ params: { id }, body }),
    invalidate: [queryKeys.customers.all(useStoreId())],
    ...options,
  });

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
export const useGenerateCustomer = (options: Options<typeof customersRoutes.autoCreate, void> = {}) =>
  useRouteMutation(customersRoutes.autoCreate, {
    kind: 'create',
    args: () => ({}),
    invalidate: [queryKeys.customers.all(useStoreId())],
    ...options,
  });
