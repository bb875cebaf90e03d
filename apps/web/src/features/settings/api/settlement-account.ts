import { queryOptions, useQuery } from '@tanstack/react-query';
import type { settlementAccountBody } from '@tillbook/contract/wallet';
import type { z } from 'zod';
import { paymentRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { resourceKeys } from '../../../lib/query-keys';
import { useRouteMutation } from '../../../lib/use-api-mutation';

const paymentKeys = resourceKeys('payment-settings');

export const settlementAccountQuery = (storeId: string | null) =>
  queryOptions({
    queryKey: paymentKeys.part(storeId, 'settlement'),
    queryFn: async ({ signal }) => (await call(paymentRoutes.settlementAccount, { signal })).data,
    enabled: Boolean(storeId),
  });

export const useSettlementAccount = () => useQuery(settlementAccountQuery(useStoreId()));

export const paymentBanksQuery = (storeId: string | null) =>
  queryOptions({
    queryKey: paymentKeys.part(storeId, 'banks'),
    queryFn: async ({ signal }) => (await call(paymentRoutes.banks, { signal })).data,
    enabled: Boolean(storeId),
    staleTime: 60 * 60 * 1000,
  });

export const usePaymentBanks = () => useQuery(paymentBanksQuery(useStoreId()));

export const verifyAccount = async (accountNumber: string, bankCode: string, signal?: AbortSignal) =>
  (await call(paymentRoutes.verifyAccount, { query: { accountNumber, bankCode }, signal })).data;

/** The name on the account once a bank is chosen and the 10 digits are in. */
export const useVerifiedAccount = (bankCode: string | null, accountNumber: string) => {
  const storeId = useStoreId();
  return useQuery({
    queryKey: paymentKeys.part(storeId, 'verify', bankCode, accountNumber),
    queryFn: ({ signal }) => verifyAccount(accountNumber, bankCode!, signal),
    enabled: Boolean(storeId && bankCode && /^\d{10}$/.test(accountNumber)),
    retry: false,
    staleTime: 10 * 60 * 1000,
  });
};

export const useSetSettlementAccount = () =>
  useRouteMutation(paymentRoutes.setSettlementAccount, {
    kind: 'save',
    args: (body: z.input<typeof settlementAccountBody>) => ({ body }),
    invalidate: [paymentKeys.all(useStoreId())],
  });
