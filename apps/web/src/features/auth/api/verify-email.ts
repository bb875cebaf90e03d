import { useMutation } from '@tanstack/react-query';
import type { User } from '@tillbook/contract/auth';
import { api } from '../../../lib/api-client';

export const verifyEmail = (body: { email: string; code: string }) =>
  api.post<User>('/user/verify-email', body);

export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail });
