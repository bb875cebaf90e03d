import type { updateUserDetailsBody } from '@tillbook/contract/users';
import type { z } from 'zod';
import { usersRoutes } from '@tillbook/contract/route-refs';
import { accountKeys } from '../../../lib/query-keys';
import { useRouteMutation, type RouteMutationOptions } from '../../../lib/use-api-mutation';

export type UserDetailsBody = z.input<typeof updateUserDetailsBody>;

export const useUpdateUserDetails = (
  options: Omit<
    RouteMutationOptions<typeof usersRoutes.updateDetails, UserDetailsBody>,
    'kind' | 'args'
  > = {},
) =>
  useRouteMutation(usersRoutes.updateDetails, {
    kind: 'save',
    args: (body: UserDetailsBody) => ({ body }),
    invalidate: [accountKeys.currentUser()],
    ...options,
  });
