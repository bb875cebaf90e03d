import type { Store, storeDetailsBody } from '@tillbook/contract/stores';
import type { z } from 'zod';
import { useApiMutation, type ApiMutationOptions } from '../../../lib/use-api-mutation';

export type StoreDetailsBody = z.input<typeof storeDetailsBody>;

export const updateStoreDetailsCall = (body: StoreDetailsBody) => ({
  path: '/stores/details',
  method: 'PATCH' as const,
  body,
});

export const useUpdateStoreDetails = (
  options: Omit<ApiMutationOptions<StoreDetailsBody, Store>, 'kind' | 'call'> = {},
) =>
  useApiMutation<StoreDetailsBody, Store>({
    kind: 'save',
    call: updateStoreDetailsCall,
    invalidate: [['stores'], ['current-user']],
    ...options,
  });
