import type { createCustomerBody, Customer, updateCustomerBody } from '@tillbook/contract/customers';
import type { z } from 'zod';
import { useStoreId } from '../../../lib/current-user';
import { useApiMutation, type ApiMutationOptions } from '../../../lib/use-api-mutation';
import { customersKey } from './list-customers';

export type CreateCustomerBody = z.input<typeof createCustomerBody>;
export type UpdateCustomerBody = z.input<typeof updateCustomerBody>;

type Options<V> = Omit<ApiMutationOptions<V, Customer>, 'kind' | 'call'>;

export const useCreateCustomer = (options: Options<CreateCustomerBody> = {}) =>
  useApiMutation<CreateCustomerBody, Customer>({
    kind: 'create',
    call: (body) => ({ path: '/customers/create', method: 'POST', body }),
    invalidate: [customersKey(useStoreId())],
    ...options,
  });

export const useUpdateCustomer = (options: Options<{ id: string; body: UpdateCustomerBody }> = {}) =>
  useApiMutation<{ id: string; body: UpdateCustomerBody }, Customer>({
    kind: 'update',
    call: ({ id, body }) => ({ path: `/customers/update/${encodeURIComponent(id)}`, method: 'PATCH', body }),
    invalidate: [customersKey(useStoreId())],
    ...options,
  });

/** Blocks or unblocks (the spec's GET calls; POST is accepted too and is the right verb for a change). */
export const useSetBlocked = (options: Options<{ id: string; blocked: boolean }> = {}) =>
  useApiMutation<{ id: string; blocked: boolean }, Customer>({
    kind: 'update',
    call: ({ id, blocked }) => ({
      path: `/customers/${blocked ? 'block' : 'unblock'}/${encodeURIComponent(id)}`,
      method: 'POST',
    }),
    invalidate: [customersKey(useStoreId())],
    ...options,
  });

/** One realistic sample customer. */
export const useGenerateCustomer = (options: Options<void> = {}) =>
  useApiMutation<void, Customer>({
    kind: 'create',
    call: () => ({ path: '/customers/auto-create', method: 'POST' }),
    invalidate: [customersKey(useStoreId())],
    ...options,
  });
