import { useQueryClient } from '@tanstack/react-query';
import type { Member } from '@tillbook/contract/members';
import { storeKey, useStoreId } from '../../../lib/current-user';
import { useApiMutation, type ApiMutationOptions } from '../../../lib/use-api-mutation';
import { membersKey } from './list-members';

export interface ChangeRoleVars {
  memberId: string;
  role_id: string;
}

export const changeRoleCall = ({ memberId, role_id }: ChangeRoleVars) => ({
  path: `/members/change-role/${encodeURIComponent(memberId)}`,
  method: 'POST' as const,
  body: { role_id },
});

export function useChangeRole(
  options: Omit<ApiMutationOptions<ChangeRoleVars, Member>, 'kind' | 'call'> = {},
) {
  const client = useQueryClient();
  const storeId = useStoreId();
  return useApiMutation<ChangeRoleVars, Member>({
    kind: 'update',
    call: changeRoleCall,
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
