import type {
  createShippingRateBody,
  ShippingRate,
  updateShippingRateBody,
} from '@tillbook/contract/shipping';
import type { z } from 'zod';
import { useStoreId } from '../../../lib/current-user';
import { useApiMutation, type ApiMutationOptions } from '../../../lib/use-api-mutation';
import { shippingRatesKey } from './list-shipping-rates';

export type CreateShippingRateBody = z.input<typeof createShippingRateBody>;
export type UpdateShippingRateBody = z.input<typeof updateShippingRateBody>;

type Options<V> = Omit<ApiMutationOptions<V, ShippingRate>, 'kind' | 'call'>;

export const useCreateShippingRate = (options: Options<CreateShippingRateBody> = {}) =>
  useApiMutation<CreateShippingRateBody, ShippingRate>({
    kind: 'create',
    call: (body) => ({ path: '/shipping', method: 'POST', body }),
    invalidate: [shippingRatesKey(useStoreId())],
    ...options,
  });

export const useUpdateShippingRate = (options: Options<{ id: string; body: UpdateShippingRateBody }> = {}) =>
  useApiMutation<{ id: string; body: UpdateShippingRateBody }, ShippingRate>({
    kind: 'save',
    call: ({ id, body }) => ({ path: `/shipping/update/${encodeURIComponent(id)}`, method: 'PATCH', body }),
    invalidate: [shippingRatesKey(useStoreId())],
    ...options,
  });
