import type { Member } from '@tillbook/contract/members';
import { useApiMutation, type ApiMutationOptions } from '../../../lib/use-api-mutation';

export const resendInviteCall = (memberId: string) => ({
  path: `/members/resend-invite/${encodeURIComponent(memberId)}`,
  method: 'POST' as const,
});

export const useResendInvite = (options: Omit<ApiMutationOptions<string, Member>, 'kind' | 'call'> = {}) =>
  useApiMutation<string, Member>({ kind: 'update', call: resendInviteCall, ...options });
