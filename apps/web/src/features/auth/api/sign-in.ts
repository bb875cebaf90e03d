import { useMutation } from '@tanstack/react-query';
import type { signInBody } from '@tillbook/contract/auth';
import type { z } from 'zod';
import { authRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';

export type SignInBody = z.input<typeof signInBody>;

export const signIn = async (body: SignInBody) => (await call(authRoutes.signIn, { body })).data;

export const useSignIn = () => useMutation({ mutationFn: signIn });
