import { useMutation } from '@tanstack/react-query';
import type { signUpBody } from '@tillbook/contract/auth';
import type { z } from 'zod';
import { authRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';

export type SignUpBody = z.input<typeof signUpBody>;

export const signUp = (body: SignUpBody) => call(authRoutes.signUp, { body });

export const useSignUp = () => useMutation({ mutationFn: signUp });
