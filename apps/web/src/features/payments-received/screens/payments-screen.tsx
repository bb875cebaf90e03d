import { Anchor, Button, NativeSelect, Stack, Text } from '@mantine/core';
import type { PaymentMode, PaymentReceived } from '@tillbook/contract/payments-received';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { ListScreen } from '../../../components/list-screen';
import { DateTime, Money } from '../../../components/money';
import { exportAllPages } from '../../../lib/csv';
import { useCan, useStoreLocale } from '../../../lib/current-user';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useTableState } from '../../../lib/use-table-state';
import { useSearchBox } from '../../../lib/use-search-box';
import { listPayments, usePayments } from '../api/list-payments';
import { PAYMENT_MODE_OPTIONS, modeLabel } from '../components/payment-modes';
import { DateRangeFilter } from '../../../components/table-filters';
import { paths } from '../../../app/paths';

/**
 * paths.paymentsReceived: every payment taken, with the sale or afterwards, searched by
 * the payment's or the order's number, the customer or the reference.
 */
export default function PaymentsScreen() {
  const navigate = useNavigate();
  const state = useTableState('payments-received', ['mode', 'from', 'to']);
  const search = useSearchBox(state, 'Search number, customer or reference');
  const mode = (state.filters.mode as PaymentMode | undefined) || undefined;
  const { from, to } = state.filters;
  const filters = {
    page: state.page,
    perPage: state.perPage,
    search: state.search || undefined,
    mode,
    from: from || undefined,
    to: to || undefined,
  };
  const payments = usePayments(filters);
  const canRecord = useCan('payments.record');
  const { currency, timezone } = useStoreLocale();

  const columns = useMemo<ColumnDef<PaymentReceived, unknown>[]>(
    () => [
      {
        id: 'number',
        header: 'Number',
        enableSorting: false,
        cell: ({ row }) => (
          <Text fw={600} size="sm">
            {row.original.number}
          </Text>
        ),
      },
      {
        id: 'payment_date',
        header: 'Date',
        enableSorting: false,
        cell: ({ row }) => <DateTime iso={row.original.payment_date} />,
      },
      {
        id: 'customer',
        header: 'Customer',
        enableSorting: false,
        cell: ({ row }) => row.original.customer_name ?? <Text c="dimmed">Walk-in</Text>,
      },
      {
        id: 'order',
        header: 'Order',
        enableSorting: false,
        cell: ({ row }) => (
          <Anchor
            component={Link}
            to={paths.order(row.original.order_id)}
            size="sm"
            onClick={(e) => e.stopPropagation()}
          >
            {row.original.order_number}
          </Anchor>
        ),
      },
      {
        id: 'mode',
        header: 'Mode',
        enableSorting: false,
        cell: ({ row }) => modeLabel(row.original.payment_mode),
      },
      {
        id: 'reference',
        header: 'Reference',
        enableSorting: false,
        cell: ({ row }) => row.original.reference ?? '—',
      },
      {
        id: 'amount',
        header: 'Amount',
        enableSorting: false,
        cell: ({ row }) => <Money minor={row.original.amount} />,
      },
    ],
    [],
  );

  const exportCsv = () =>
    exportAllPages('payments-received', (page, perPage) => listPayments({ ...filters, page, perPage }), [
      { header: 'Number', value: (p) => p.number },
      { header: 'Date', value: (p) => formatDateTime(p.payment_date, timezone) },
      { header: 'Customer', value: (p) => p.customer_name ?? 'Walk-in' },
      { header: 'Order', value: (p) => p.order_number },
      { header: 'Mode', value: (p) => modeLabel(p.payment_mode) },
      { header: 'Reference', value: (p) => p.reference },
      { header: 'Amount', value: (p) => formatMoney(p.amount, currency) },
      { header: 'Recorded by', value: (p) => p.recorded_by.name },
    ]);

  const chips = [
    ...(mode ? [{ label: modeLabel(mode), onRemove: () => state.setFilter('mode', null) }] : []),
    ...(from ? [{ label: `From ${from}`, onRemove: () => state.setFilter('from', null) }] : []),
    ...(to ? [{ label: `To ${to}`, onRemove: () => state.setFilter('to', null) }] : []),
  ];

  return (
    <ListScreen
      title="Payments received"
      description="Money taken for orders: at the till and paid later."
      label="Payments received"
      state={state}
      search={search}
      filters={{
        content: (
          <Stack gap="xs">
            <NativeSelect
              label="Mode"
              data={[{ value: '', label: 'Any' }, ...PAYMENT_MODE_OPTIONS]}
              value={mode ?? ''}
              onChange={(e) => state.setFilter('mode', e.currentTarget.value || null)}
            />
            <DateRangeFilter state={state} />
          </Stack>
        ),
        chips,
      }}
      onExport={() => void exportCsv()}
      add={canRecord ? { label: 'Record payment', to: paths.paymentCreate } : undefined}
      list={payments}
      columns={columns}
      getRowId={(p) => p.id}
      onRowClick={(p) => navigate(paths.payment(p.id))}
      filtered={Boolean(chips.length || state.search)}
      noMatch={{
        title: 'No payments match',
        description: 'Try another search, mode or date range.',
        clearLabel: 'Show all payments',
      }}
      empty={{
        title: 'No payments yet',
        description: 'Payments taken at the till and those recorded later against an order show here.',
        action: canRecord ? (
          <Button component={Link} to={paths.paymentCreate}>
            Record payment
          </Button>
        ) : undefined,
      }}
    />
  );
}
