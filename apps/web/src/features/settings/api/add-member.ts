import { useQueryClient } from '@tanstack/react-query';
import type { addMemberBody, Member } from '@tillbook/contract/members';
import type { z } from 'zod';
import { membersRoutes } from '@tillbook/contract/route-refs';
import { useStoreId } from '../../../lib/current-user';
import { useRouteMutation, type RouteMutationOptions } from '../../../lib/use-api-mutation';
import { membersKey } from './list-members';

export type AddMemberBody = z.input<typeof addMemberBody>;

/** A new member goes to the front of the list (spec section 4). */
export function useAddMember(
  options: Omit<RouteMutationOptions<typeof membersRoutes.add, AddMemberBody>, 'kind' | 'args'> = {},
) {
  const client = useQueryClient();
  const storeId = useStoreId();
  return useRouteMutation(membersRoutes.add, {
    kind: 'create',
    args: (body: AddMemberBody) => ({ body }),
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
