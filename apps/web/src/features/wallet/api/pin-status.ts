import { queryOptions, useQuery } from '@tanstack/react-query';
import { walletRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';

/** Whether the signed-in person has a transaction PIN: the transfer form asks for it if so. */
export const pinStatusQuery = (storeId: string | null) =>
  queryOptions({
    queryKey: queryKeys.transactionPin.part(storeId, 'status'),
    queryFn: async ({ signal }) => (await call(walletRoutes.pinStatus, { signal })).data,
  });

export const usePinStatus = (enabled: boolean) => useQuery({ ...pinStatusQuery(useStoreId()), enabled });
