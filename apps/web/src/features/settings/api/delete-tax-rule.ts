import { useQueryClient } from '@tanstack/react-query';
import type { TaxRule } from '@tillbook/contract/tax';
import { taxRoutes } from '@tillbook/contract/route-refs';
import { useStoreId } from '../../../lib/current-user';
import { useRouteMutation, type RouteMutationOptions } from '../../../lib/use-api-mutation';
import { taxRulesKey } from './list-tax-rules';

/** A deleted rule leaves the list by id at once. */
export function useDeleteTaxRule(
  options: Omit<RouteMutationOptions<typeof taxRoutes.remove, string>, 'kind' | 'args'> = {},
) {
  const client = useQueryClient();
  const storeId = useStoreId();
  return useRouteMutation(taxRoutes.remove, {
    kind: 'delete',
    args: (id: string) => ({ params: { id } }),
    ...options,
    onSuccess: (answer, call) => {
      client.setQueryData<TaxRule[]>(taxRulesKey(storeId), (list) =>
        (list ?? []).filter((r) => r.id !== answer.data.id),
      );
      return options.onSuccess?.(answer, call);
    },
  });
}
