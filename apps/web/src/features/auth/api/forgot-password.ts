import { useMutation } from '@tanstack/react-query';
import { authRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';

/** Always answers 200, whether or not the email has an account. */
export const forgotPassword = (email: string) => call(authRoutes.forgotPassword, { body: { email } });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
