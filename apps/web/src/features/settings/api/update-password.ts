import type { updatePasswordBody } from '@tillbook/contract/users';
import type { z } from 'zod';
import { useApiMutation, type ApiMutationOptions } from '../../../lib/use-api-mutation';

export type PasswordBody = z.input<typeof updatePasswordBody>;

export const updatePasswordCall = (body: PasswordBody) => ({
  path: '/user/update-user-password',
  method: 'PATCH' as const,
  body,
});

/** Never kept for later: a password is not written to storage while offline. */
export const useUpdatePassword = (
  options: Omit<ApiMutationOptions<PasswordBody, { sessions_ended: number }>, 'kind' | 'call'> = {},
) =>
  useApiMutation<PasswordBody, { sessions_ended: number }>({
    kind: 'update',
    call: updatePasswordCall,
    persist: false,
    ...options,
  });
