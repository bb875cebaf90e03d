import { useMutation } from '@tanstack/react-query';
import type { businessInfoBody } from '@tillbook/contract/auth';
import type { z } from 'zod';
import { authRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';

export type BusinessInfoBody = z.input<typeof businessInfoBody>;

/** Creates the user's first store (or updates it when sent again). */
export const saveBusinessInfo = ({ userId, ...body }: BusinessInfoBody & { userId: string }) =>
  call(authRoutes.businessInfo, { params: { id: userId }, body });

export const useSaveBusinessInfo = () =>
  useMutation({ mutationFn: saveBusinessInfo, meta: { kind: 'save' } });
