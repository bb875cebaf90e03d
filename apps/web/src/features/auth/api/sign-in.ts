import { useMutation } from '@tanstack/react-query';
import type { signInBody } from '@tillbook/contract/auth';
import type { z } from 'zod';
import { call } from '../../../lib/api-client';
import { authTable } from '../../../lib/route-tables';

export type SignInBody = z.input<typeof signInBody>;

export const signIn = async (body: SignInBody) => (await call((await authTable()).signIn, { body })).data;

export const useSignIn = () => useMutation({ mutationFn: signIn });
