import type { createStoreBody, Store } from '@tillbook/contract/stores';
import type { z } from 'zod';
import { useApiMutation, type ApiMutationOptions } from '../../../lib/use-api-mutation';

export type CreateStoreBody = z.input<typeof createStoreBody>;

export const createStoreCall = (body: CreateStoreBody) => ({
  path: '/stores/create-store',
  method: 'POST' as const,
  body,
});

export const useCreateStore = (
  options: Omit<ApiMutationOptions<CreateStoreBody, Store>, 'kind' | 'call'> = {},
) =>
  useApiMutation<CreateStoreBody, Store>({
    kind: 'create',
    call: createStoreCall,
    invalidate: [['stores'], ['current-user']],
    ...options,
  });
