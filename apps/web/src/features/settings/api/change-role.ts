import { useQueryClient } from '@tanstack/react-query';
import type { Member } from '@tillbook/contract/members';
import { membersRoutes } from '@tillbook/contract/route-refs';
import { useStoreId } from '../../../lib/current-user';
import { storeKey } from '../../../lib/query-keys';
import { useRouteMutation, type RouteMutationOptions } from '../../../lib/use-api-mutation';
import { membersKey } from './list-members';

export interface ChangeRoleVars {
  memberId: string;
  role_id: string;
}

export function useChangeRole(
  options: Omit<RouteMutationOptions<typeof membersRoutes.changeRole, ChangeRoleVars>, 'kind' | 'args'> = {},
) {
  const client = useQueryClient();
  const storeId = useStoreId();
  return useRouteMutation(membersRoutes.changeRole, {
    kind: 'update',
    args: ({ memberId, role_id }: ChangeRoleVars) => ({ params: { id: memberId }, body: { role_id } }),
    // A role change can change what the signed-in user may see anywhere in the store.
    invalidate: [storeKey(storeId)],
    ...options,
    onSuccess: (answer, call) => {
      client.setQueryData<Member[]>(membersKey(storeId), (list) =>
        (list ?? []).map((m) => (m.id === answer.data.id ? answer.data : m)),
      );
      return options.onSuccess?.(answer, call);
    },
  });
}
