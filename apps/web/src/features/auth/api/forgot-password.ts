import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Always answers 200, whether or not the email has an account. */
export const forgotPassword = (email: string) => api.patch<null>('/user/forgot-password', { email });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
