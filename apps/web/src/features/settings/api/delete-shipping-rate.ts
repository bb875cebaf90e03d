import { useQueryClient } from '@tanstack/react-query';
import type { ShippingRate } from '@tillbook/contract/shipping';
import { useStoreId } from '../../../lib/current-user';
import { useApiMutation, type ApiMutationOptions } from '../../../lib/use-api-mutation';
import { shippingRatesKey } from './list-shipping-rates';

/** A deleted rate leaves the list by id at once. */
export function useDeleteShippingRate(
  options: Omit<ApiMutationOptions<string, { id: string }>, 'kind' | 'call'> = {},
) {
  const client = useQueryClient();
  const storeId = useStoreId();
  return useApiMutation<string, { id: string }>({
    kind: 'delete',
    call: (id) => ({ path: `/shipping/delete/${encodeURIComponent(id)}`, method: 'DELETE' }),
    ...options,
    onSuccess: (answer, call) => {
      client.setQueryData<ShippingRate[]>(shippingRatesKey(storeId), (list) =>
        (list ?? []).filter((r) => r.id !== answer.data.id),
      );
      return options.onSuccess?.(answer, call);
    },
  });
}
