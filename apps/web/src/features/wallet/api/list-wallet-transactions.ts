import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListFilters } from '@tillbook/contract/common';
import type { walletTransactionsQuery } from '@tillbook/contract/wallet';
import { walletRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { walletKeys } from './get-wallet';

export type WalletTransactionFilters = ListFilters<typeof walletTransactionsQuery>;

export const listWalletTransactions = (filters: WalletTransactionFilters, signal?: AbortSignal) =>
  call(walletRoutes.transactions, { query: filters, signal });

export const walletTransactionsQueryOptions = (storeId: string | null, filters: WalletTransactionFilters) =>
  queryOptions({
    queryKey: walletKeys.list(storeId, filters),
    queryFn: ({ signal }) => listWalletTransactions(filters, signal),
    enabled: Boolean(storeId),
    placeholderData: keepPreviousData,
    // As the balance (get-wallet.ts): deposits arrive from outside the app.
    refetchOnMount: 'always',
    // A pending transfer settles on the server: look again while one is shown.
    refetchInterval: (query) => (query.state.data?.data.some((t) => t.status === 'pending') ? 15_000 : false),
  });

export const useWalletTransactions = (filters: WalletTransactionFilters, enabled = true) => {
  const storeId = useStoreId();
  return useQuery({
    ...walletTransactionsQueryOptions(storeId, filters),
    enabled: Boolean(storeId) && enabled,
  });
};
