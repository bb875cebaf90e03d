import { useMutation } from '@tanstack/react-query';
import type { SignInData } from '@tillbook/contract/auth';
import { api } from '../../../lib/api-client';

export interface AcceptInviteBody {
  token: string;
  /** A new person's chosen password, or an account's current one; none when signed in as the invitee. */
  password?: string;
  first_name?: string;
  last_name?: string;
}

export const acceptInvite = (body: AcceptInviteBody) => api.post<SignInData>('/members/accept-invite', body);

export const useAcceptInvite = () => useMutation({ mutationFn: acceptInvite });
