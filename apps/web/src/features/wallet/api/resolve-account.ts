import { useQuery } from '@tanstack/react-query';
import { walletRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { walletKeys } from './get-wallet';

/** Name enquiry: the name on a bank account, before money is sent to it. */
export const resolveAccount = async (accountNumber: string, bankCode: string, signal?: AbortSignal) =>
  (await call(walletRoutes.validate, { body: { accountNumber, bankCode }, signal })).data;

/** The name on the account once a bank is chosen and the 10 digits are in. */
export const useResolvedAccount = (bankCode: string | null, accountNumber: string) => {
  const storeId = useStoreId();
  const ready = Boolean(storeId && bankCode && /^\d{10}$/.test(accountNumber));
  return useQuery({
    queryKey: walletKeys.part(storeId, 'resolve', bankCode, accountNumber),
    queryFn: ({ signal }) => resolveAccount(accountNumber, bankCode!, signal),
    enabled: ready,
    retry: false,
    staleTime: 10 * 60 * 1000,
  });
};
