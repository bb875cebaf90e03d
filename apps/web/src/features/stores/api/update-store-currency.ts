import type { Store } from '@tillbook/contract/stores';
import { useApiMutation, type ApiMutationOptions } from '../../../lib/use-api-mutation';

export const updateStoreCurrencyCall = (body: { currency: string }) => ({
  path: '/stores/currency',
  method: 'PATCH' as const,
  body,
});

export const useUpdateStoreCurrency = (
  options: Omit<ApiMutationOptions<{ currency: string }, Store>, 'kind' | 'call'> = {},
) =>
  useApiMutation<{ currency: string }, Store>({
    kind: 'update',
    call: updateStoreCurrencyCall,
    invalidate: [['stores'], ['current-user']],
    ...options,
  });
