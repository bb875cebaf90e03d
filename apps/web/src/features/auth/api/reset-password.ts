import { useMutation } from '@tanstack/react-query';
import type { resetPasswordBody } from '@tillbook/contract/auth';
import type { z } from 'zod';
import { authRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';

export const resetPassword = ({ id, ...body }: z.input<typeof resetPasswordBody> & { id: string }) =>
  call(authRoutes.resetPassword, { params: { id }, body });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
