import { useMutation } from '@tanstack/react-query';
import { authRoutes, type verifyOtpBody } from '@tillbook/contract/auth';
import type { z } from 'zod';
import { call } from '../../../lib/api-client';

export const verifyOtp = (body: z.input<typeof verifyOtpBody>) => call(authRoutes.verifyOtp, { body });

export const useVerifyOtp = () => useMutation({ mutationFn: verifyOtp });
