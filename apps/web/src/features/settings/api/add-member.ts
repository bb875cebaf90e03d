import { useQueryClient } from '@tanstack/react-query';
import type { addMemberBody, Member } from '@tillbook/contract/members';
import type { z } from 'zod';
import { useStoreId } from '../../../lib/current-user';
import { useApiMutation, type ApiMutationOptions } from '../../../lib/use-api-mutation';
import { membersKey } from './list-members';

export type AddMemberBody = z.input<typeof addMemberBody>;

export const addMemberCall = (body: AddMemberBody) => ({
  path: '/members/add-member',
  method: 'POST' as const,
  body,
});

/** A new member goes to the front of the list (spec section 4). */
export function useAddMember(options: Omit<ApiMutationOptions<AddMemberBody, Member>, 'kind' | 'call'> = {}) {
  const client = useQueryClient();
  const storeId = useStoreId();
  return useApiMutation<AddMemberBody, Member>({
    kind: 'create',
    call: addMemberCall,
    ...options,
    onSuccess: (answer, call) => {
      client.setQueryData<Member[]>(membersKey(storeId), (list) => [
        answer.data,
        ...(list ?? []).filter((m) => m.id !== answer.data.id),
      ]);
      return options.onSuccess?.(answer, call);
    },
  });
}
