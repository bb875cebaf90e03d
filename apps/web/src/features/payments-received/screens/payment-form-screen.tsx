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
import type { PaymentMode } from '@tillbook/contract/payments-received';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Money } from '../../../components/money';
import { MoneyInput } from '../../../components/money-input';
import { PageHeader } from '../../../components/page-header';
import { Section } from '../../../components/states';
import { ApiError, messageOf } from '../../../lib/api-client';
import { useStoreLocale } from '../../../lib/current-user';
import { formatMoney } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useAddPayment, useOrderForPayment, usePayableOrders } from '../api/add-payment';
import { PAYMENT_MODE_OPTIONS } from '../components/payment-modes';
import { paths } from '../../../app/paths';

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

/**
 * paths.paymentCreate: money received later for an order (`?order=<id>` picks
 * it, as the order's page does; saving then goes back to the order).
 */
export default function PaymentFormScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const fromOrder = params.get('order');
  const { currency } = useStoreLocale();
  const [orderId, setOrderId] = useState<string | null>(fromOrder);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const chosen = useOrderForPayment(orderId);
  const payable = usePayableOrders(chosen.data && debounced === orderLabel(chosen.data) ? '' : debounced);
  const [amount, setAmount] = useState<number | null>(null);
  const [mode, setMode] = useState<PaymentMode>('cash');
  const [date, setDate] = useState(today);
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
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
    onError: (error) => {
      if (error instanceof ApiError) setErrors(error.fields);
      notify.error(messageOf(error));
    },
  });

  const order = chosen.data;
  const options = [
    ...(order && !payable.data?.some((o) => o.id === order.id) ? [order] : []),
    ...(payable.data ?? []),
  ];

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const minor = amount !== null && !Number.isNaN(amount) ? amount : null;
    if (!orderId) found.order_id = 'Choose the order this payment is for';
    if (minor === null || minor <= 0) found.amount = 'Enter an amount like 5000 or 5,000.50';
    else if (order && minor > order.amount_outstanding)
      found.amount = `At most ${formatMoney(order.amount_outstanding, currency)} is outstanding`;
    if (!date) found.payment_date = 'Choose the date the money came in';
    setErrors(found);
    if (Object.keys(found).length || !orderId || minor === null) return;
    add.mutate({
      key,
      body: {
        order_id: orderId,
        amount: minor,
        payment_mode: mode,
        payment_date: date,
        ...(order?.customer_id ? { customer_id: order.customer_id } : {}),
        ...(reference.trim() ? { reference: reference.trim() } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
      },
    });
  };

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
      <form onSubmit={submit} noValidate>
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
              error={errors.order_id}
              onChange={(id) => {
                setOrderId(id);
                setKey(newKey());
                setErrors({});
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
                  <div>
                    <Text size="xs" c="dimmed">
                      Customer
                    </Text>
                    <Text size="sm">{order.customer?.name ?? 'Walk-in'}</Text>
                  </div>
                  <div>
                    <Text size="xs" c="dimmed">
                      Total
                    </Text>
                    <Text size="sm">
                      <Money minor={order.total} />
                    </Text>
                  </div>
                  <div>
                    <Text size="xs" c="dimmed">
                      Received
                    </Text>
                    <Text size="sm">
                      <Money minor={order.amount_received} />
                    </Text>
                  </div>
                  <div>
                    <Text size="xs" c="dimmed">
                      Outstanding
                    </Text>
                    <Text size="sm" fw={700}>
                      <Money minor={order.amount_outstanding} />
                    </Text>
                  </div>
                </SimpleGrid>
              </Paper>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <MoneyInput
                label="Amount"
                required
                placeholder="5,000.00"
                value={amount}
                error={errors.amount}
                onChange={setAmount}
                rightSectionWidth={110}
                rightSection={
                  order && order.amount_outstanding > 0 ? (
                    <Button
                      size="compact-xs"
                      variant="light"
                      onClick={() => setAmount(order.amount_outstanding)}
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
                value={mode}
                allowDeselect={false}
                error={errors.payment_mode}
                onChange={(v) => v && setMode(v as PaymentMode)}
              />
              <TextInput
                type="date"
                label="Payment date"
                required
                value={date}
                max={today()}
                error={errors.payment_date}
                onChange={(e) => setDate(e.currentTarget.value)}
              />
              <TextInput
                label="Reference"
                placeholder="Transfer reference or cheque number"
                value={reference}
                error={errors.reference}
                onChange={(e) => setReference(e.currentTarget.value)}
              />
            </SimpleGrid>
            <Textarea
              label="Note"
              autosize
              minRows={2}
              value={note}
              error={errors.note}
              onChange={(e) => setNote(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => navigate(-1)}>
                Cancel
              </Button>
              <Button type="submit" loading={add.isPending}>
                Record payment
              </Button>
            </Group>
          </Stack>
        </Section>
      </form>
    </Stack>
  );
}
