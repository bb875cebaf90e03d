import type { businessNumberBody } from '@tillbook/contract/auth';
import type { Store } from '@tillbook/contract/stores';
import type { z } from 'zod';
import { useApiMutation, type ApiMutationOptions } from '../../../lib/use-api-mutation';

export type BusinessNumberBody = z.input<typeof businessNumberBody> & { userId: string };

export const businessNumberCall = ({ userId, ...body }: BusinessNumberBody) => ({
  path: `/user/business-number/${encodeURIComponent(userId)}`,
  method: 'PUT' as const,
  body,
});

export const useBusinessNumber = (
  options: Omit<ApiMutationOptions<BusinessNumberBody, Store>, 'kind' | 'call'> = {},
) =>
  useApiMutation<BusinessNumberBody, Store>({
    kind: 'save',
    call: businessNumberCall,
    invalidate: [['current-user'], ['stores']],
    ...options,
  });
