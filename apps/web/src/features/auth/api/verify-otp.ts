import { useMutation } from '@tanstack/react-query';
import type { verifyOtpBody } from '@tillbook/contract/auth';
import type { z } from 'zod';
import { authRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';

export const verifyOtp = (body: z.input<typeof verifyOtpBody>) => call(authRoutes.verifyOtp, { body });

export const useVerifyOtp = () => useMutation({ mutationFn: verifyOtp });
