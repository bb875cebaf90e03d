import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TaxRule } from '@tillbook/contract/tax';
import { api } from '../../../lib/api-client';
import { storeKey, useStoreId } from '../../../lib/current-user';

/** `GET /tax/store/{id}`: the path names the store, so the answer is that store's even mid-switch. */
export const listTaxRules = async (storeId: string, signal?: AbortSignal) =>
  (await api.get<TaxRule[]>(`/tax/store/${encodeURIComponent(storeId)}`, undefined, signal)).data;

export const taxRulesKey = (storeId: string | null) => storeKey(storeId, 'tax-rules');

export const taxRulesQuery = (storeId: string | null) =>
  queryOptions({
    queryKey: taxRulesKey(storeId),
    queryFn: ({ signal }) => listTaxRules(storeId!, signal),
    enabled: Boolean(storeId),
  });

export const useTaxRules = () => useQuery(taxRulesQuery(useStoreId()));
