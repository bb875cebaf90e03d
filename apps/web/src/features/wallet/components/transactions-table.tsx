import { Stack, Text } from '@mantine/core';
import {
  WALLET_TRANSACTION_STATUSES,
  WALLET_TRANSACTION_TYPES,
  walletTransactionsQuery,
  type WalletTransaction,
} from '@tillbook/contract/wallet';
import { useMemo } from 'react';
import { walletRoutes } from '@tillbook/contract/route-refs';
import { column, dateTimeColumn, statusColumn } from '../../../components/columns';
import { ListScreen } from '../../../components/list-screen';
import { Money } from '../../../components/money';
import { statusColours } from '../../../components/status-badge';
import {
  capitalised,
  DATE_CHIPS,
  DateRangeFilter,
  FilterSelect,
  filterChips,
} from '../../../components/table-filters';
import { downloadRoute } from '../../../lib/api-client';
import { useListState } from '../../../lib/use-list-state';
import { useWalletTransactions } from '../api/list-wallet-transactions';
import { ShareMenu, shareTransferReceipt } from '../../../components/share-receipt';

/** The wallet's transactions: filters by type, status and dates, search, pages and export. */
export function TransactionsTable({ currency }: { currency: string }) {
  const state = useListState(
    'wallet',
    walletTransactionsQuery,
    'Search reference, name, account or narration',
  );
  const list = useWalletTransactions(state.query);

  const columns = useMemo(
    () => [
      dateTimeColumn<WalletTransaction>('date', 'Date', (t) => t.created_at),
      // Amount and status next to the date: what a phone shows before the table scrolls sideways.
      column<WalletTransaction>(
        'amount',
        'Amount',
        (t) => (
          <Text size="sm" c={t.direction === 'credit' ? statusColours('success').color : undefined}>
            {t.direction === 'credit' ? '+' : '−'}
            <Money minor={t.amount} currency={currency} />
          </Text>
        ),
        { card: 'figure' },
      ),
      statusColumn<WalletTransaction>((t) => t.status),
      column<WalletTransaction>('type', 'Type', (t) => capitalised(t.type)),
      // Wrapped: on one line the recipient and bank pushed the Receipt column out of a laptop's view.
      column<WalletTransaction>(
        'narration',
        'Narration',
        (t) => (
          <Stack gap={0}>
            <Text size="sm">{t.narration ?? '—'}</Text>
            {t.counterparty_name && (
              <Text size="xs" c="dimmed">
                {t.counterparty_name}
                {t.counterparty_bank_name
                  ? ` · ${t.counterparty_bank_name} ${t.counterparty_account ?? ''}`
                  : ''}
              </Text>
            )}
          </Stack>
        ),
        { wrap: true },
      ),
      column<WalletTransaction>('fee', 'Fee', (t) => <Money minor={t.fee} currency={currency} />),
      // A transfer's receipt, for the supplier it paid (issue 35): a signed link on WhatsApp or SMS.
      column<WalletTransaction>('receipt', 'Receipt', (t) =>
        t.type === 'transfer' && t.status !== 'failed' ? (
          <ShareMenu
            label={`Share the receipt of ${t.reference}`}
            share={(channel) => shareTransferReceipt(t.id, channel)}
          />
        ) : (
          '—'
        ),
      ),
    ],
    [currency],
  );

  return (
    <ListScreen
      label="Wallet transactions"
      state={state}
      filters={{
        content: (
          <>
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
          </>
        ),
        chips: filterChips(state, {
          type: (v) => `Type: ${capitalised(v)}`,
          status: (v) => `Status: ${capitalised(v)}`,
          ...DATE_CHIPS,
        }),
      }}
      onExport={() =>
        downloadRoute(
          walletRoutes.exportTransactions,
          { query: state.exportQuery },
          'wallet-transactions.csv',
        )
      }
      list={list}
      columns={columns}
      noun="transactions"
      noMatch={{ description: 'Try another search or clear the filters.' }}
      empty={{ description: 'Deposits to your account and transfers you send show here.' }}
    />
  );
}
