import {
  shippingRoutes,
  type createShippingRateBody,
  type updateShippingRateBody,
} from '@tillbook/contract/shipping';
import type { z } from 'zod';
import { useStoreId } from '../../../lib/current-user';
import { useRouteMutation, type RouteMutationOptions } from '../../../lib/use-api-mutation';
import { shippingRatesKey } from './list-shipping-rates';

export type CreateShippingRateBody = z.input<typeof createShippingRateBody>;
export type UpdateShippingRateBody = z.input<typeof updateShippingRateBody>;

type Options<R extends (typeof shippingRoutes)[keyof typeof shippingRoutes], V> = Omit<
  RouteMutationOptions<R, V>,
  'kind' | 'args'
>;

export const useCreateShippingRate = (
  options: Options<typeof shippingRoutes.create, CreateShippingRateBody> = {},
) =>
  useRouteMutation(shippingRoutes.create, {
    kind: 'create',
    args: (body: CreateShippingRateBody) => ({ body }),
    invalidate: [shippingRatesKey(useStoreId())],
    ...options,
  });

export const useUpdateShippingRate = (
  options: Options<typeof shippingRoutes.update, { id: string; body: UpdateShippingRateBody }> = {},
) =>
  useRouteMutation(shippingRoutes.update, {
    kind: 'save',
    args: ({ id, body }: { id: string; body: UpdateShippingRateBody }) => ({ params: { id }, body }),
    invalidate: [shippingRatesKey(useStoreId())],
    ...options,
  });
