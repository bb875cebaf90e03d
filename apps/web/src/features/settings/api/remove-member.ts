import { useQueryClient } from '@tanstack/react-query';
import type { Member } from '@tillbook/contract/members';
import { membersRoutes } from '@tillbook/contract/route-refs';
import { useStoreId } from '../../../lib/current-user';
import { useRouteMutation, type RouteMutationOptions } from '../../../lib/use-api-mutation';
import { membersKey } from './list-members';

/** A removed member leaves the list by id (spec section 4). */
export function useRemoveMember(
  options: Omit<RouteMutationOptions<typeof membersRoutes.remove, string>, 'kind' | 'args'> = {},
) {
  const client = useQueryClient();
  const storeId = useStoreId();
  return useRouteMutation(membersRoutes.remove, {
    kind: 'delete',
    args: (memberId: string) => ({ params: { id: memberId } }),
    ...options,
    onSuccess: (answer, call) => {
      client.setQueryData<Member[]>(membersKey(storeId), (list) =>
        (list ?? []).filter((m) => m.id !== answer.data.id),
      );
      return options.onSuccess?.(answer, call);
    },
  });
}
