import { useMutation } from '@tanstack/react-query';
import type { verifyEmailCodeBody } from '@tillbook/contract/auth';
import type { z } from 'zod';
import { authRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';

export const verifyEmail = (body: z.input<typeof verifyEmailCodeBody>) =>
  call(authRoutes.verifyEmailCode, { body });

export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail });
