import { useQueryClient } from '@tanstack/react-query';
import type { ShippingRate } from '@tillbook/contract/shipping';
import { shippingRoutes } from '@tillbook/contract/route-refs';
import { useStoreId } from '../../../lib/current-user';
import { useRouteMutation, type RouteMutationOptions } from '../../../lib/use-api-mutation';
import { shippingRatesKey } from './list-shipping-rates';

/** A deleted rate leaves the list by id at once. */
export function useDeleteShippingRate(
  options: Omit<RouteMutationOptions<typeof shippingRoutes.remove, string>, 'kind' | 'args'> = {},
) {
  const client = useQueryClient();
  const storeId = useStoreId();
  return useRouteMutation(shippingRoutes.remove, {
    kind: 'delete',
    args: (id: string) => ({ params: { id } }),
    ...options,
    onSuccess: (answer, call) => {
      client.setQueryData<ShippingRate[]>(shippingRatesKey(storeId), (list) =>
        (list ?? []).filter((r) => r.id !== answer.data.id),
      );
      return options.onSuccess?.(answer, call);
    },
  });
}
