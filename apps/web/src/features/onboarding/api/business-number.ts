import { useMutation } from '@tanstack/react-query';
import type { businessNumberBody } from '@tillbook/contract/auth';
import type { z } from 'zod';
import { authRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';

export type BusinessNumberBody = z.input<typeof businessNumberBody>;

export const saveBusinessNumber = ({ userId, ...body }: BusinessNumberBody & { userId: string }) =>
  call(authRoutes.businessNumber, { params: { id: userId }, body });

export const useSaveBusinessNumber = () =>
  useMutation({ mutationFn: saveBusinessNumber, meta: { kind: 'save' } });
