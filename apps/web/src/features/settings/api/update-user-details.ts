import type { User } from '@tillbook/contract/auth';
import type { updateUserDetailsBody } from '@tillbook/contract/users';
import type { z } from 'zod';
import { useApiMutation, type ApiMutationOptions } from '../../../lib/use-api-mutation';

export type UserDetailsBody = z.input<typeof updateUserDetailsBody>;

export const updateUserDetailsCall = (body: UserDetailsBody) => ({
  path: '/user/update-user-details',
  method: 'PATCH' as const,
  body,
});

export const useUpdateUserDetails = (
  options: Omit<ApiMutationOptions<UserDetailsBody, User>, 'kind' | 'call'> = {},
) =>
  useApiMutation<UserDetailsBody, User>({
    kind: 'save',
    call: updateUserDetailsCall,
    invalidate: [['current-user']],
    ...options,
  });
