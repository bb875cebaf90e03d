import { queryOptions, useQuery } from '@tanstack/react-query';
import { walletRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { walletKeys } from './get-wallet';

export const banksQuery = (storeId: string | null) =>
  queryOptions({
    queryKey: walletKeys.part(storeId, 'banks'),
    queryFn: async ({ signal }) => (await call(walletRoutes.bankCodes, { signal })).data,
    enabled: Boolean(storeId),
    staleTime: 60 * 60 * 1000,
  });

export const useBanks = (enabled = true) => {
  const storeId = useStoreId();
  return useQuery({ ...banksQuery(storeId), enabled: Boolean(storeId) && enabled });
};
