import { Stack, Text } from '@mantine/core';
import {
  WALLET_TRANSACTION_STATUSES,
  WALLET_TRANSACTION_TYPES,
  walletRoutes,
  type WalletTransaction,
} from '@tillbook/contract/wallet';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { DataTable } from '../../../components/data-table';
import { listTableProps } from '../../../components/list-screen';
import { DateTime, Money } from '../../../components/money';
import { ListToolbar } from '../../../components/page-header';
import { EmptyState, NoMatches } from '../../../components/states';
import { StatusBadge, statusColours } from '../../../components/status-badge';
import { capitalised, DateRangeFilter, FilterSelect, filterChips } from '../../../components/table-filters';
import { downloadRoute, messageOf } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useSearchBox } from '../../../lib/use-search-box';
import { useTableState } from '../../../lib/use-table-state';
import { useWalletTransactions, type WalletTransactionFilters } from '../api/list-wallet-transactions';

/** The wallet's transactions: filters by type, status and dates, search, pages and export. */
export function TransactionsTable({ currency }: { currency: string }) {
  const state = useTableState('wallet', ['type', 'status', 'from', 'to']);
  const search = useSearchBox(state, 'Search reference, name, account or narration');
  const f = state.filters;
  const filters: WalletTransactionFilters = {
    page: state.page,
    perPage: state.perPage,
    type: (f.type as WalletTransactionFilters['type']) || undefined,
    status: (f.status as WalletTransactionFilters['status']) || undefined,
    from: f.from || undefined,
    to: f.to || undefined,
    search: state.search || undefined,
  };
  const list = useWalletTransactions(filters);

  const columns = useMemo<ColumnDef<WalletTransaction, unknown>[]>(
    () => [
      {
        id: 'date',
        header: 'Date',
        enableSorting: false,
        cell: ({ row }) => <DateTime iso={row.original.created_at} />,
      },
      // Amount and status next to the date: what a phone shows before the table scrolls sideways.
      {
        id: 'amount',
        header: 'Amount',
        enableSorting: false,
        cell: ({ row }) => (
          <Text
            size="sm"
            c={row.original.direction === 'credit' ? statusColours('success').color : undefined}
          >
            {row.original.direction === 'credit' ? '+' : '−'}
            <Money minor={row.original.amount} currency={currency} />
          </Text>
        ),
      },
      {
        id: 'status',
        header: 'Status',
        enableSorting: false,
        cell: ({ row }) => <StatusBadge status={row.original.status} />,
      },
      { id: 'type', header: 'Type', enableSorting: false, cell: ({ row }) => capitalised(row.original.type) },
      {
        id: 'narration',
        header: 'Narration',
        enableSorting: false,
        cell: ({ row }) => (
          <Stack gap={0}>
            <Text size="sm">{row.original.narration ?? '—'}</Text>
            {row.original.counterparty_name && (
              <Text size="xs" c="dimmed">
                {row.original.counterparty_name}
                {row.original.counterparty_bank_name
                  ? ` · ${row.original.counterparty_bank_name} ${row.original.counterparty_account ?? ''}`
                  : ''}
              </Text>
            )}
          </Stack>
        ),
      },
      {
        id: 'fee',
        header: 'Fee',
        enableSorting: false,
        cell: ({ row }) => <Money minor={row.original.fee} currency={currency} />,
      },
    ],
    [currency],
  );

  const exportCsv = async () => {
    try {
      const { page: _p, perPage: _pp, ...query } = filters;
      await downloadRoute(walletRoutes.exportTransactions, { query }, 'wallet-transactions.csv');
    } catch (error) {
      notify.error(messageOf(error));
    }
  };

  const chips = filterChips(state, {
    type: (v) => `Type: ${capitalised(v)}`,
    status: (v) => `Status: ${capitalised(v)}`,
    from: (v) => `From ${v}`,
    to: (v) => `To ${v}`,
  });

  return (
    <Stack gap="sm">
      <ListToolbar
        search={search.box}
        filters={{
          content: (
            <Stack gap="xs">
              <FilterSelect
                state={state}
                name="type"
                label="Type"
                data={WALLET_TRANSACTION_TYPES.map((t) => ({ value: t, label: capitalised(t) }))}
              />
              <FilterSelect
                state={state}
                name="status"
                label="Status"
                data={WALLET_TRANSACTION_STATUSES.map((t) => ({ value: t, label: capitalised(t) }))}
              />
              <DateRangeFilter state={state} />
            </Stack>
          ),
          chips,
        }}
        onExport={() => void exportCsv()}
      />
      <DataTable
        label="Wallet transactions"
        columns={columns}
        {...listTableProps(list)}
        state={state}
        getRowId={(t) => t.id}
        empty={
          state.search || chips.length ? (
            <NoMatches
              title="No transactions match"
              description="Try another search or clear the filters."
              onClear={() => {
                search.clear();
                state.clearFilters();
              }}
            />
          ) : (
            <EmptyState
              title="No transactions yet"
              description="Deposits to your account and transfers you send show here."
            />
          )
        }
      />
    </Stack>
  );
}
