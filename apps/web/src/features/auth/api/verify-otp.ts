import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const verifyOtp = (body: { email: string; code: string }) =>
  api.post<{ reset_id: string; expires_at: string }>('/user/verify-otp', body);

export const useVerifyOtp = () => useMutation({ mutationFn: verifyOtp });
