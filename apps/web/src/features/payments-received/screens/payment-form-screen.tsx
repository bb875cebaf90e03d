import {
  Alert,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Order } from '@tillbook/contract/orders';
import { addPaymentBody, type PaymentMode } from '@tillbook/contract/payments-received';
import { useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Money } from '../../../components/money';
import { MoneyInput } from '../../../components/money-input';
import { PageHeader } from '../../../components/page-header';
import { Section } from '../../../components/states';
import { messageOf } from '../../../lib/api-client';
import { useStoreLocale } from '../../../lib/current-user';
import { formatMoney } from '../../../lib/format';
import { showFormError, useSchemaForm } from '../../../lib/forms';
import { notify } from '../../../lib/toast';
import { useAddPayment, useOrderForPayment, usePayableOrders } from '../api/add-payment';
import { PAYMENT_MODE_OPTIONS } from '../../../lib/payment-modes';
import { paths } from '../../../config/paths';
import { FormActions } from '../../../components/form-actions';

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random()}`;

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/**
 * Kept free of amounts: the label is also the search text once chosen, and must not change
 * when a payment changes the order's balance (that would search again, and again).
 */
const orderLabel = (o: Order) => `${o.number} · ${o.customer?.name ?? 'Walk-in'}`;

type PaymentValues = {
  order_id: string;
  /** Minor units (`MoneyInput`): null when empty, NaN while not an amount. */
  amount: number | null;
  payment_mode: PaymentMode;
  payment_date: string;
  reference: string;
  note: string;
};

/** The body as sent: the order's customer with it, blank reference and note left out. */
const toPaymentBody = (v: PaymentValues, order: Order | undefined) => ({
  order_id: v.order_id,
  amount: v.amount ?? Number.NaN,
  payment_mode: v.payment_mode,
  payment_date: v.payment_date,
  ...(order?.customer_id ? { customer_id: order.customer_id } : {}),
  ...(v.reference.trim() ? { reference: v.reference.trim() } : {}),
  ...(v.note.trim() ? { note: v.note.trim() } : {}),
});

/** What the contract cannot know: the order's balance, and the words for an empty box. */
function checkPayment(v: PaymentValues, order: Order | undefined, currency: string) {
  const amount = v.amount !== null && !Number.isNaN(v.amount) ? v.amount : null;
  return {
    order_id: v.order_id ? undefined : 'Choose the order this payment is for',
    amount:
      amount === null || amount <= 0
        ? 'Enter an amount like 5000 or 5,000.50'
        : order && amount > order.amount_outstanding
          ? `At most ${formatMoney(order.amount_outstanding, currency)} is outstanding`
          : undefined,
    payment_date: v.payment_date ? undefined : 'Choose the date the money came in',
  };
}

/**
 * paths.paymentCreate: money received later for an order (`?order=<id>` picks
 * it, as the order's page does; saving then goes back to the order).
 */
/** One figure of the chosen order's balance: a small label over its value. */
function BalanceFigure({
  label,
  strong,
  children,
}: {
  label: string;
  strong?: boolean;
  children: ReactNode;
}) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined}>
        {children}
      </Text>
    </div>
  );
}

export default function PaymentFormScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const fromOrder = params.get('order');
  const { currency } = useStoreLocale();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const form = useSchemaForm<PaymentValues>(
    addPaymentBody,
    {
      order_id: fromOrder ?? '',
      amount: null,
      payment_mode: 'cash',
      payment_date: today(),
      reference: '',
      note: '',
    },
    {
      toBody: (v) => toPaymentBody(v, chosen.data),
      check: (v) => checkPayment(v, chosen.data, currency),
    },
  );
  const orderId = form.values.order_id || null;
  const chosen = useOrderForPayment(orderId);
  const payable = usePayableOrders(chosen.data && debounced === orderLabel(chosen.data) ? '' : debounced);
  // One key for this payment: a double press or a retry records it once.
  const [key, setKey] = useState(newKey);

  const add = useAddPayment({
    onSuccess: (answer) => {
      const p = answer.data;
      notify.success(
        p.order_amount_outstanding > 0
          ? `${p.number} recorded: ${formatMoney(p.order_amount_outstanding, currency)} still due`
          : `${p.number} recorded: ${p.order_number} is paid`,
      );
      navigate(fromOrder ? paths.order(p.order_id) : paths.payment(p.id), {
        replace: true,
      });
    },
    onError: (error) => showFormError(form, error),
  });

  const order = chosen.data;
  const options = [
    ...(order && !payable.data?.some((o) => o.id === order.id) ? [order] : []),
    ...(payable.data ?? []),
  ];

  const submit = (values: PaymentValues) => add.mutate({ key, body: toPaymentBody(values, order) });

  return (
    <Stack gap="lg">
      <PageHeader
        title="Record payment"
        breadcrumbs={[
          { label: 'Purchasing' },
          { label: 'Payments received', to: paths.paymentsReceived },
          { label: 'Record payment' },
        ]}
      />
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Section title="Payment" description="Money received for an order, in part or in full.">
          <Stack gap="sm" maw={720}>
            <Select
              label="Order"
              required
              searchable
              placeholder="Search number, customer or phone"
              data={options.map((o) => ({ value: o.id, label: orderLabel(o) }))}
              renderOption={({ option }) => {
                const o = options.find((x) => x.id === option.value);
                return (
                  <Group justify="space-between" wrap="nowrap" w="100%">
                    <Text size="sm">{option.label}</Text>
                    {o && (
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {formatMoney(o.amount_outstanding, o.currency || currency)} due
                      </Text>
                    )}
                  </Group>
                );
              }}
              value={orderId}
              searchValue={search}
              onSearchChange={setSearch}
              filter={({ options: all }) => all}
              nothingFoundMessage={
                payable.isPending ? 'Searching…' : 'No order with money outstanding matches'
              }
              error={form.errors.order_id}
              onChange={(id) => {
                form.setFieldValue('order_id', id ?? '');
                setKey(newKey());
                form.clearErrors();
              }}
            />
            {chosen.isError && (
              <Alert color="red" variant="light" role="alert">
                {messageOf(chosen.error)}
              </Alert>
            )}
            {order && (
              <Paper withBorder radius="md" p="sm" aria-label="Order balance">
                <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
                  <BalanceFigure label="Customer">{order.customer?.name ?? 'Walk-in'}</BalanceFigure>
                  <BalanceFigure label="Total">
                    <Money minor={order.total} />
                  </BalanceFigure>
                  <BalanceFigure label="Received">
                    <Money minor={order.amount_received} />
                  </BalanceFigure>
                  <BalanceFigure label="Outstanding" strong>
                    <Money minor={order.amount_outstanding} />
                  </BalanceFigure>
                </SimpleGrid>
              </Paper>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <MoneyInput
                label="Amount"
                required
                placeholder="5,000.00"
                {...form.getInputProps('amount')}
                rightSectionWidth={110}
                rightSection={
                  order && order.amount_outstanding > 0 ? (
                    <Button
                      size="compact-xs"
                      variant="light"
                      onClick={() => form.setFieldValue('amount', order.amount_outstanding)}
                    >
                      Pay the rest
                    </Button>
                  ) : null
                }
              />
              <Select
                label="Mode"
                required
                data={PAYMENT_MODE_OPTIONS}
                allowDeselect={false}
                {...form.getInputProps('payment_mode')}
                onChange={(v) => v && form.setFieldValue('payment_mode', v as PaymentMode)}
              />
              <TextInput
                type="date"
                label="Payment date"
                required
                max={today()}
                {...form.getInputProps('payment_date')}
              />
              <TextInput
                label="Reference"
                placeholder="Transfer reference or cheque number"
                {...form.getInputProps('reference')}
              />
            </SimpleGrid>
            <Textarea label="Note" autosize minRows={2} {...form.getInputProps('note')} />
            <FormActions onCancel={() => navigate(-1)} submitLabel="Record payment" loading={add.isPending} />
          </Stack>
        </Section>
      </form>
    </Stack>
  );
}
