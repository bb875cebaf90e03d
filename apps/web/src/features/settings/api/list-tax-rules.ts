import { queryOptions, useQuery } from '@tanstack/react-query';
import { taxRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /tax/store/{id}`: the path names the store, so the answer is that store's even mid-switch. */
export const listTaxRules = async (storeId: string, signal?: AbortSignal) =>
  (await call(taxRoutes.listForStore, { params: { id: storeId }, signal })).data;

/** The rules are one list, unfiltered: its key is the resource's. */
export const taxRulesKey = queryKeys.taxRules.all;

export const taxRulesQuery = (storeId: string | null) =>
  queryOptions({
    queryKey: taxRulesKey(storeId),
    queryFn: ({ signal }) => listTaxRules(storeId!, signal),
    enabled: Boolean(storeId),
  });

export const useTaxRules = () => useQuery(taxRulesQuery(useStoreId()));
