import { membersRoutes } from '@tillbook/contract/route-refs';
import { useRouteMutation, type RouteMutationOptions } from '../../../lib/use-api-mutation';

export const useResendInvite = (
  options: Omit<RouteMutationOptions<typeof membersRoutes.resendInvite, string>, 'kind' | 'args'> = {},
) =>
  useRouteMutation(membersRoutes.resendInvite, {
    kind: 'update',
    args: (memberId: string) => ({ params: { id: memberId } }),
    ...options,
  });
