import { useQueryClient } from '@tanstack/react-query';
import type { TaxRule } from '@tillbook/contract/tax';
import { useStoreId } from '../../../lib/current-user';
import { useApiMutation, type ApiMutationOptions } from '../../../lib/use-api-mutation';
import { taxRulesKey } from './list-tax-rules';

/** A deleted rule leaves the list by id at once. */
export function useDeleteTaxRule(
  options: Omit<ApiMutationOptions<string, { id: string }>, 'kind' | 'call'> = {},
) {
  const client = useQueryClient();
  const storeId = useStoreId();
  return useApiMutation<string, { id: string }>({
    kind: 'delete',
    call: (id) => ({ path: `/tax/delete/${encodeURIComponent(id)}`, method: 'DELETE' }),
    ...options,
    onSuccess: (answer, call) => {
      client.setQueryData<TaxRule[]>(taxRulesKey(storeId), (list) =>
        (list ?? []).filter((r) => r.id !== answer.data.id),
      );
      return options.onSuccess?.(answer, call);
    },
  });
}
