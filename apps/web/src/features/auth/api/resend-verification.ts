import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const resendVerification = (email: string) => api.post<null>('/user/resend-verification', { email });

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
