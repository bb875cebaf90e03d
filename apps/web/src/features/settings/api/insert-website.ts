import type { User } from '@tillbook/contract/auth';
import { useApiMutation, type ApiMutationOptions } from '../../../lib/use-api-mutation';

export const insertWebsiteCall = (body: { website: string }) => ({
  path: '/user/insert-website',
  method: 'PATCH' as const,
  body,
});

export const useInsertWebsite = (
  options: Omit<ApiMutationOptions<{ website: string }, User>, 'kind' | 'call'> = {},
) =>
  useApiMutation<{ website: string }, User>({
    kind: 'save',
    call: insertWebsiteCall,
    invalidate: [['current-user']],
    ...options,
  });
