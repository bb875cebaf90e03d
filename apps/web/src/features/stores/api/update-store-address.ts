import type { Store, storeAddressBody } from '@tillbook/contract/stores';
import type { z } from 'zod';
import { useApiMutation, type ApiMutationOptions } from '../../../lib/use-api-mutation';

export type StoreAddressBody = z.input<typeof storeAddressBody>;

export const updateStoreAddressCall = (body: StoreAddressBody) => ({
  path: '/stores/address',
  method: 'PATCH' as const,
  body,
});

export const useUpdateStoreAddress = (
  options: Omit<ApiMutationOptions<StoreAddressBody, Store>, 'kind' | 'call'> = {},
) =>
  useApiMutation<StoreAddressBody, Store>({
    kind: 'save',
    call: updateStoreAddressCall,
    invalidate: [['stores'], ['current-user']],
    ...options,
  });
