import { useQueryClient } from '@tanstack/react-query';
import type { Member } from '@tillbook/contract/members';
import { useStoreId } from '../../../lib/current-user';
import { useApiMutation, type ApiMutationOptions } from '../../../lib/use-api-mutation';
import { membersKey } from './list-members';

export const removeMemberCall = (memberId: string) => ({
  path: `/members/delete-member/${encodeURIComponent(memberId)}`,
  method: 'DELETE' as const,
});

/** A removed member leaves the list by id (spec section 4). */
export function useRemoveMember(
  options: Omit<ApiMutationOptions<string, { id: string }>, 'kind' | 'call'> = {},
) {
  const client = useQueryClient();
  const storeId = useStoreId();
  return useApiMutation<string, { id: string }>({
    kind: 'delete',
    call: removeMemberCall,
    ...options,
    onSuccess: (answer, call) => {
      client.setQueryData<Member[]>(membersKey(storeId), (list) =>
        (list ?? []).filter((m) => m.id !== answer.data.id),
      );
      return options.onSuccess?.(answer, call);
    },
  });
}
