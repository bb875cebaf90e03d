import { useMutation } from '@tanstack/react-query';
import type { SignInData, signInBody } from '@tillbook/contract/auth';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type SignInBody = z.input<typeof signInBody>;

export const signIn = async (body: SignInBody) =>
  (await api.post<SignInData>('/user/signin', body, undefined)).data;

export const useSignIn = () => useMutation({ mutationFn: signIn });
