import type { addBranchBody, Store } from '@tillbook/contract/stores';
import type { z } from 'zod';
import { useApiMutation, type ApiMutationOptions } from '../../../lib/use-api-mutation';

export type AddBranchBody = z.input<typeof addBranchBody>;

export const addBranchCall = (body: AddBranchBody) => ({
  path: '/add-branch',
  method: 'POST' as const,
  body,
});

export const useAddBranch = (options: Omit<ApiMutationOptions<AddBranchBody, Store>, 'kind' | 'call'> = {}) =>
  useApiMutation<AddBranchBody, Store>({
    kind: 'create',
    call: addBranchCall,
    invalidate: [['stores'], ['current-user']],
    ...options,
  });
