import { useMutation } from '@tanstack/react-query';
import { authRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';

export const resendVerification = (email: string) => call(authRoutes.resendVerification, { body: { email } });

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
