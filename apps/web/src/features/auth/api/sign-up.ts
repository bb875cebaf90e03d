import { useMutation } from '@tanstack/react-query';
import { authRoutes, type signUpBody } from '@tillbook/contract/auth';
import type { z } from 'zod';
import { call } from '../../../lib/api-client';

export type SignUpBody = z.input<typeof signUpBody>;

export const signUp = (body: SignUpBody) => call(authRoutes.signUp, { body });

export const useSignUp = () => useMutation({ mutationFn: signUp });
