import type { User } from '@tillbook/contract/auth';
import type { billingContactBody } from '@tillbook/contract/users';
import type { z } from 'zod';
import { useApiMutation, type ApiMutationOptions } from '../../../lib/use-api-mutation';

export type BillingContactBody = z.input<typeof billingContactBody>;

export const billingContactCall = (body: BillingContactBody) => ({
  path: '/user/billing-contact',
  method: 'PATCH' as const,
  body,
});

export const useBillingContact = (
  options: Omit<ApiMutationOptions<BillingContactBody, User>, 'kind' | 'call'> = {},
) =>
  useApiMutation<BillingContactBody, User>({
    kind: 'save',
    call: billingContactCall,
    invalidate: [['current-user']],
    ...options,
  });
