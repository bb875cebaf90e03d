import { useMutation } from '@tanstack/react-query';
import type { SignInData, signUpBody } from '@tillbook/contract/auth';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type SignUpBody = z.input<typeof signUpBody>;

export const signUp = (body: SignUpBody) => api.post<SignInData>('/user/signup', body);

export const useSignUp = () => useMutation({ mutationFn: signUp });
