import type { updatePasswordBody } from '@tillbook/contract/users';
import type { z } from 'zod';
import { usersRoutes } from '@tillbook/contract/route-refs';
import { useRouteMutation, type RouteMutationOptions } from '../../../lib/use-api-mutation';

export type PasswordBody = z.input<typeof updatePasswordBody>;

/** Never kept for later: a password is not written to storage while offline. */
export const useUpdatePassword = (
  options: Omit<RouteMutationOptions<typeof usersRoutes.updatePassword, PasswordBody>, 'kind' | 'args'> = {},
) =>
  useRouteMutation(usersRoutes.updatePassword, {
    kind: 'update',
    args: (body: PasswordBody) => ({ body }),
    persist: false,
    ...options,
  });
