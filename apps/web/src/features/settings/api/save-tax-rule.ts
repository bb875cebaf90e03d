import type { createTaxRuleBody } from '@tillbook/contract/tax';
import type { z } from 'zod';
import { taxRoutes } from '@tillbook/contract/route-refs';
import { saveHooks } from '../../../lib/use-api-mutation';
import { taxRulesKey } from './list-tax-rules';

export type CreateTaxRuleBody = z.input<typeof createTaxRuleBody>;

export const { useCreate: useCreateTaxRule, useUpdate: useUpdateTaxRule } = saveHooks(
  taxRoutes,
  'save',
  (storeId) => [taxRulesKey(storeId)],
);
