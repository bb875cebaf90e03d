import type { businessNumberBody } from '@tillbook/contract/auth';
import type { z } from 'zod';
import { authRoutes } from '@tillbook/contract/route-refs';
import { accountKeys } from '../../../lib/query-keys';
import { useRouteMutation, type RouteMutationOptions } from '../../../lib/use-api-mutation';

export type BusinessNumberBody = z.input<typeof businessNumberBody> & { userId: string };

export const useBusinessNumber = (
  options: Omit<
    RouteMutationOptions<typeof authRoutes.businessNumber, BusinessNumberBody>,
    'kind' | 'args'
  > = {},
) =>
  useRouteMutation(authRoutes.businessNumber, {
    kind: 'save',
    args: ({ userId, ...body }: BusinessNumberBody) => ({ params: { id: userId }, body }),
    invalidate: [accountKeys.currentUser(), accountKeys.stores()],
    ...options,
  });
