import { queryOptions, useQuery } from '@tanstack/react-query';
import { walletRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { walletKeys } from './get-wallet';

/** The accounts the store last paid; under the wallet's keys, so a transfer refreshes them. */
export const beneficiariesQuery = (storeId: string | null) =>
  queryOptions({
    queryKey: walletKeys.part(storeId, 'beneficiaries'),
    queryFn: async ({ signal }) => (await call(walletRoutes.beneficiaries, { signal })).data,
    enabled: Boolean(storeId),
  });

export const useBeneficiaries = (enabled = true) => {
  const storeId = useStoreId();
  return useQuery({ ...beneficiariesQuery(storeId), enabled: Boolean(storeId) && enabled });
};
