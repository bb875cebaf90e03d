import type { billingContactBody } from '@tillbook/contract/users';
import type { z } from 'zod';
import { usersRoutes } from '@tillbook/contract/route-refs';
import { accountKeys } from '../../../lib/query-keys';
import { useRouteMutation, type RouteMutationOptions } from '../../../lib/use-api-mutation';

export type BillingContactBody = z.input<typeof billingContactBody>;

export const useBillingContact = (
  options: Omit<
    RouteMutationOptions<typeof usersRoutes.billingContact, BillingContactBody>,
    'kind' | 'args'
  > = {},
) =>
  useRouteMutation(usersRoutes.billingContact, {
    kind: 'save',
    args: (body: BillingContactBody) => ({ body }),
    invalidate: [accountKeys.currentUser()],
    ...options,
  });
