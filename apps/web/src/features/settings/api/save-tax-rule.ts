import { taxRoutes, type createTaxRuleBody, type updateTaxRuleBody } from '@tillbook/contract/tax';
import type { z } from 'zod';
import { useStoreId } from '../../../lib/current-user';
import { useRouteMutation, type RouteMutationOptions } from '../../../lib/use-api-mutation';
import { taxRulesKey } from './list-tax-rules';

export type CreateTaxRuleBody = z.input<typeof createTaxRuleBody>;
export type UpdateTaxRuleBody = z.input<typeof updateTaxRuleBody>;

type Options<R extends (typeof taxRoutes)[keyof typeof taxRoutes], V> = Omit<
  RouteMutationOptions<R, V>,
  'kind' | 'args'
>;

export const useCreateTaxRule = (options: Options<typeof taxRoutes.create, CreateTaxRuleBody> = {}) =>
  useRouteMutation(taxRoutes.create, {
    kind: 'create',
    args: (body: CreateTaxRuleBody) => ({ body }),
    invalidate: [taxRulesKey(useStoreId())],
    ...options,
  });

export const useUpdateTaxRule = (
  options: Options<typeof taxRoutes.update, { id: string; body: UpdateTaxRuleBody }> = {},
) =>
  useRouteMutation(taxRoutes.update, {
    kind: 'save',
    args: ({ id, body }: { id: string; body: UpdateTaxRuleBody }) => ({ params: { id }, body }),
    invalidate: [taxRulesKey(useStoreId())],
    ...options,
  });
