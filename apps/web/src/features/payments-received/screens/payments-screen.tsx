import { Anchor, Text } from '@mantine/core';
import { paymentListQuery, type PaymentReceived } from '@tillbook/contract/payments-received';
import { Link, useNavigate } from 'react-router';
import { paymentsReceivedRoutes } from '@tillbook/contract/route-refs';
import { column, dateTimeColumn, moneyColumn, textColumn, titleColumn } from '../../../components/columns';
import { ListScreen } from '../../../components/list-screen';
import { datedListFilters } from '../../../components/dated-list-filters';
import { downloadRoute } from '../../../lib/api-client';
import { useCan } from '../../../lib/current-user';
import { useListState } from '../../../lib/use-list-state';
import { usePayments } from '../api/list-payments';
import { PAYMENT_MODE_OPTIONS, modeLabel } from '../../../lib/payment-modes';
import { paths } from '../../../config/paths';

const COLUMNS = [
  titleColumn<PaymentReceived>('number', 'Number', (p) => p.number),
  dateTimeColumn<PaymentReceived>('payment_date', 'Date', (p) => p.payment_date),
  column<PaymentReceived>('customer', 'Customer', (p) => p.customer_name ?? <Text c="dimmed">Walk-in</Text>),
  column<PaymentReceived>('order', 'Order', (p) => (
    <Anchor component={Link} to={paths.order(p.order_id)} size="sm" onClick={(e) => e.stopPropagation()}>
      {p.order_number}
    </Anchor>
  )),
  column<PaymentReceived>('mode', 'Mode', (p) => modeLabel(p.payment_mode)),
  textColumn<PaymentReceived>('reference', 'Reference', (p) => p.reference),
  moneyColumn<PaymentReceived>('amount', 'Amount', (p) => p.amount),
];

/**
 * paths.paymentsReceived: every payment taken, with the sale or afterwards, searched by
 * the payment's or the order's number, the customer or the reference.
 */
export default function PaymentsScreen() {
  const navigate = useNavigate();
  const state = useListState('payments-received', paymentListQuery, 'Search number, customer or reference');
  const payments = usePayments(state.query);
  const canRecord = useCan('payments.record');

  return (
    <ListScreen
      title="Payments received"
      description="Money taken for orders: at the till and paid later."
      state={state}
      filters={datedListFilters(state, {
        anyOf: {
          name: 'mode',
          label: 'Mode',
          value: state.query.mode,
          data: PAYMENT_MODE_OPTIONS,
          chip: modeLabel,
        },
      })}
      onExport={() =>
        downloadRoute(paymentsReceivedRoutes.export, { query: state.exportQuery }, 'payments-received.csv')
      }
      add={canRecord ? { label: 'Record payment', to: paths.paymentCreate } : undefined}
      list={payments}
      columns={COLUMNS}
      onRowClick={(p) => navigate(paths.payment(p.id))}
      noun="payments"
      noMatch={{ description: 'Try another search, mode or date range.', clearLabel: 'Show all payments' }}
      empty={{
        description: 'Payments taken at the till and those recorded later against an order show here.',
      }}
    />
  );
}
