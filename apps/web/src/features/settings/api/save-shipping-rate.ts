import type { createShippingRateBody } from '@tillbook/contract/shipping';
import type { z } from 'zod';
import { shippingRoutes } from '@tillbook/contract/route-refs';
import { saveHooks } from '../../../lib/use-api-mutation';
import { shippingRatesKey } from './list-shipping-rates';

export type CreateShippingRateBody = z.input<typeof createShippingRateBody>;

export const { useCreate: useCreateShippingRate, useUpdate: useUpdateShippingRate } = saveHooks(
  shippingRoutes,
  'save',
  (storeId) => [shippingRatesKey(storeId)],
);
