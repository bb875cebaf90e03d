import type { storeCurrencyBody } from '@tillbook/contract/stores';
import type { z } from 'zod';
import { storesRoutes } from '@tillbook/contract/route-refs';
import { accountKeys } from '../../../lib/query-keys';
import { useRouteMutation, type RouteMutationOptions } from '../../../lib/use-api-mutation';

export type StoreCurrencyBody = z.input<typeof storeCurrencyBody>;

export const useUpdateStoreCurrency = (
  options: Omit<RouteMutationOptions<typeof storesRoutes.currency, StoreCurrencyBody>, 'kind' | 'args'> = {},
) =>
  useRouteMutation(storesRoutes.currency, {
    kind: 'update',
    args: (body: StoreCurrencyBody) => ({ body }),
    invalidate: [accountKeys.stores(), accountKeys.currentUser()],
    ...options,
  });
