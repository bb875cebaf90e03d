import { Button, Group, Modal, NumberInput, Paper, Select, Stack, Text, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { PAYMENT_TYPES, type PaymentType } from '@tillbook/contract/order-constants';
import type { OrderDetail, RefundQuote } from '@tillbook/contract/orders';
import { useState } from 'react';
import { QuantityLine } from '../../../components/quantity-line';
import { usePhoneWidth } from '../../../components/row-cards';
import { ApiError, messageOf } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { Money } from '../../../components/money';
import { PAYMENT_TYPE_LABELS } from '../../../lib/payment-types';
import { useChangeOrderStatus, useRefundOrder } from '../api/order-actions';
import { useRefundQuote, type RefundQuoteBody } from '../api/refund-quote';
import { refundableLines, refundItems } from './refund-lines';

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random()}`;

export function CancelModal({ order, onClose }: { order: OrderDetail; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const change = useChangeOrderStatus({
    onSuccess: () => {
      notify.success(`${order.number} cancelled`);
      onClose();
    },
    onError: (error) => notify.error(messageOf(error)),
  });
  return (
    <Modal opened onClose={onClose} title={`Cancel ${order.number}?`} centered>
      <Stack gap="md">
        <Text size="sm">
          The items go back into stock
          {order.amount_received > 0 ? ', the money received is recorded as paid back' : ''}
          {order.discount_code ? ' and the discount use is given back' : ''}. This cannot be undone.
        </Text>
        <Textarea
          label="Reason"
          placeholder="Customer changed their mind"
          autosize
          minRows={2}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={change.isPending}>
            Keep order
          </Button>
          <Button
            color="red"
            loading={change.isPending}
            onClick={() =>
              change.mutate({ id: order.id, status: 'cancelled', reason: reason.trim() || undefined })
            }
          >
            Cancel order
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Refund all of a completed order or some units of its lines, with a reason. Before the merchant
 * confirms, the dialog shows what the server's refund arithmetic makes of the units chosen (the
 * refund quote): the value returned, the money paid back and the way it goes back.
 */
export function RefundModal({ order, onClose }: { order: OrderDetail; onClose: () => void }) {
  // On a phone the dialog takes the screen, its buttons side by side at full width.
  const phone = usePhoneWidth();
  const open = refundableLines(order.items);
  const [quantities, setQuantities] = useState<Record<string, number>>(() =>
    Object.fromEntries(open.map((i) => [i.key, i.left])),
  );
  const [reason, setReason] = useState('');
  // How the money goes back: the way the sale was paid unless the merchant says otherwise; only
  // cash leaves a till's drawer (decision 0063).
  const [method, setMethod] = useState<PaymentType>(order.payment_type);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [key] = useState(newKey);
  const refund = useRefundOrder({
    onSuccess: (answer) => {
      notify.success(
        answer.data.order.status === 'refunded' ? `${order.number} refunded` : 'Refund recorded',
      );
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError) setErrors(error.fields);
      notify.error(messageOf(error));
    },
  });
  const everything = open.every((i) => quantities[i.key] === i.left);
  const items = refundItems(open, quantities);
  const chosen = JSON.stringify(items.length ? (everything ? {} : { items }) : null);
  // Asked again a moment after the last change, not on every keystroke (compared as text: a new
  // object each render would restart the wait for ever).
  const [asked] = useDebouncedValue(chosen, 250);
  const quote = useRefundQuote(order.id, JSON.parse(asked) as RefundQuoteBody | null);
  // Only figures for the units on screen, never a previous choice's still showing.
  const current = asked === chosen && quote.data && !quote.isPlaceholderData ? quote.data : null;
  return (
    <Modal opened onClose={onClose} title={`Refund ${order.number}`} size="lg" centered fullScreen={phone}>
      <Stack gap="md">
        <Stack gap="xs" role="group" aria-label="Units to refund">
          {open.map((i) => (
            <QuantityLine
              key={i.key}
              name={i.name}
              detail={`${i.sold} sold${i.refunded ? ` · ${i.refunded} back already` : ''}`}
            >
              <NumberInput
                aria-label={`Refund units of ${i.name}`}
                min={0}
                max={i.left}
                allowDecimal={false}
                allowNegative={false}
                size="sm"
                w={phone ? 120 : 96}
                value={quantities[i.key] ?? 0}
                onChange={(v) => setQuantities((q) => ({ ...q, [i.key]: Number(v) || 0 }))}
              />
            </QuantityLine>
          ))}
        </Stack>
        <RefundSummary
          currency={order.currency}
          quote={current}
          loading={Boolean(items.length) && !current && !quote.isError}
          error={quote.isError ? messageOf(quote.error) : null}
        />
        {current && current.amount > 0 && (
          <Select
            label="Pay back by"
            description={
              method === 'cash'
                ? 'Cash leaves your drawer: it counts against your open shift.'
                : 'Not from the drawer: your shift’s cash is not touched.'
            }
            data={PAYMENT_TYPES.map((t) => ({ value: t, label: PAYMENT_TYPE_LABELS[t] ?? t }))}
            value={method}
            onChange={(v) => v && setMethod(v as PaymentType)}
            allowDeselect={false}
            error={errors.method}
          />
        )}
        <Textarea
          label="Reason"
          required
          autosize
          minRows={2}
          value={reason}
          error={errors.reason}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <Group justify="flex-end" grow={phone}>
          <Button variant="default" onClick={onClose} disabled={refund.isPending}>
            Close
          </Button>
          <Button
            color="red"
            loading={refund.isPending}
            disabled={!items.length || !current}
            onClick={() => {
              if (!reason.trim()) {
                setErrors({ reason: 'Reason is required' });
                return;
              }
              refund.mutate({
                id: order.id,
                key,
                reason: reason.trim(),
                items: everything ? undefined : items,
                method,
              });
            }}
          >
            {everything ? 'Refund everything' : 'Refund selected'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The refund as it will be made: value returned, money paid back and how, what is still owed. */
function RefundSummary({
  quote,
  currency,
  loading,
  error,
}: {
  quote: RefundQuote | null;
  currency: string;
  loading: boolean;
  error: string | null;
}) {
  if (error)
    return (
      <Text size="sm" c="red" role="alert">
        {error}
      </Text>
    );
  if (!quote)
    return loading ? (
      <Text size="sm" c="dimmed" aria-live="polite">
        Working out the refund…
      </Text>
    ) : (
      <Text size="sm" c="dimmed">
        Choose the units to refund.
      </Text>
    );
  return (
    <Paper withBorder p="sm" radius="md" aria-label="Refund summary" aria-live="polite">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" c="dimmed">
            Value returned
          </Text>
          <Text size="sm">
            <Money minor={quote.value} currency={currency} />
          </Text>
        </Group>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={700}>
            Paid back to the customer
          </Text>
          <Text size="sm" fw={700}>
            <Money minor={quote.amount} currency={currency} />
          </Text>
        </Group>
        <Text size="sm">
          {quote.amount > 0
            ? `Paid by ${quote.methods.map((m) => PAYMENT_TYPE_LABELS[m] ?? m).join(', then ')}: by default the money goes back the same way.`
            : 'No money goes back: the customer had not paid beyond what they keep.'}
        </Text>
        {quote.outstanding_after > 0 && (
          <Text size="sm" c="dimmed">
            Still owed after the refund: <Money minor={quote.outstanding_after} currency={currency} />
          </Text>
        )}
        <Text size="xs" c="dimmed">
          Refunded units go back into stock.
        </Text>
      </Stack>
    </Paper>
  );
}
