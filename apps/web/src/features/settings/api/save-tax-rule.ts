import type { createTaxRuleBody, TaxRule, updateTaxRuleBody } from '@tillbook/contract/tax';
import type { z } from 'zod';
import { useStoreId } from '../../../lib/current-user';
import { useApiMutation, type ApiMutationOptions } from '../../../lib/use-api-mutation';
import { taxRulesKey } from './list-tax-rules';

export type CreateTaxRuleBody = z.input<typeof createTaxRuleBody>;
export type UpdateTaxRuleBody = z.input<typeof updateTaxRuleBody>;

type Options<V> = Omit<ApiMutationOptions<V, TaxRule>, 'kind' | 'call'>;

export const useCreateTaxRule = (options: Options<CreateTaxRuleBody> = {}) =>
  useApiMutation<CreateTaxRuleBody, TaxRule>({
    kind: 'create',
    call: (body) => ({ path: '/tax', method: 'POST', body }),
    invalidate: [taxRulesKey(useStoreId())],
    ...options,
  });

export const useUpdateTaxRule = (options: Options<{ id: string; body: UpdateTaxRuleBody }> = {}) =>
  useApiMutation<{ id: string; body: UpdateTaxRuleBody }, TaxRule>({
    kind: 'save',
    call: ({ id, body }) => ({ path: `/tax/update/${encodeURIComponent(id)}`, method: 'PATCH', body }),
    invalidate: [taxRulesKey(useStoreId())],
    ...options,
  });
