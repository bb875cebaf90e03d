import { Button, Group, Kbd, Paper, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import {
  PAYMENT_TYPES,
  TENDER_TYPES,
  type PaymentType,
  type TenderType,
} from '@tillbook/contract/order-constants';
import { useMemo, type RefObject } from 'react';
import { formatMoney, minorDigits } from '../../../lib/format';
import type { Cart } from '../components/cart';
import { PAYMENT_TYPE_LABELS } from '../../../lib/payment-types';
import { useOnline } from '../offline/network';
import { CreditPanel } from './credit-panel';
import type { CartUpdate } from './use-pos-cart';
import { useHasKeyboard } from './use-has-keyboard';
import type { PosQuote } from './use-pos-quote';

/** Cash a customer is likely to hand over: the exact amount and the next round notes (major units). */
export function cashSuggestions(total: number, digits: number): number[] {
  const major = total / 10 ** digits;
  const out = new Set<number>([major]);
  for (const step of [500, 1000, 5000, 10000]) {
    const next = Math.ceil(major / step) * step;
    if (next > major) out.add(next);
  }
  return [...out].slice(0, 4);
}

/** The sale waits for a bank transfer into the store's account (decision 0065). */
export const awaitsTransfer = (cart: Pick<Cart, 'payment_type' | 'await_transfer'>) =>
  cart.payment_type === 'bank_transfer' && cart.await_transfer;

interface PaymentPanelProps {
  cart: Cart;
  update: CartUpdate;
  priced: PosQuote;
  currency: string;
  canSell: boolean;
  selling: boolean;
  completeSale: () => void;
  receivedRef: RefObject<HTMLInputElement | null>;
  /** Leave out the "Complete sale" button (the phone till's sheet keeps its own on screen). */
  withoutButton?: boolean;
}

/** How the customer pays, what they handed over, the change, and the button that sells. */
export function PaymentPanel({
  cart,
  update,
  priced,
  currency,
  canSell,
  selling,
  completeSale,
  receivedRef,
  withoutButton = false,
}: PaymentPanelProps) {
  const keyboard = useHasKeyboard();
  const { total, change, owing, receivedError, quote, fresh } = priced;
  const digits = minorDigits(currency);
  const suggestions = useMemo(() => cashSuggestions(total, digits), [total, digits]);
  const online = useOnline();
  const credit = cart.payment_type === 'credit';
  const awaiting = awaitsTransfer(cart);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Select
          label="Payment type"
          data={PAYMENT_TYPES.map((t) => ({ value: t, label: PAYMENT_TYPE_LABELS[t] ?? t }))}
          value={cart.payment_type}
          allowDeselect={false}
          onChange={(v) => v && update((c) => ({ ...c, payment_type: v as PaymentType }))}
        />
        {credit && <CreditPanel cart={cart} update={update} owed={priced.onAccount} currency={currency} />}
        {cart.payment_type === 'bank_transfer' && (
          <Switch
            size="md"
            label="Wait for transfer"
            description={
              online
                ? 'Show the store account; the sale completes when the transfer arrives'
                : 'Needs the network: the till checks the store account for the transfer. Offline, take the transfer as paid only once you see it.'
            }
            checked={awaiting}
            // Offline it can be turned off, not on (a sale kept offline cannot wait for a transfer).
            disabled={!online && !awaiting}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              update((c) => ({ ...c, await_transfer: on }));
            }}
          />
        )}
        {!awaiting && (
          <TextInput
            ref={receivedRef}
            label={credit ? 'Paid now' : 'Amount received'}
            description={
              credit
                ? 'Optional: a part paid now; the rest goes on the account'
                : 'Leave empty when the customer pays the total exactly'
            }
            placeholder={credit ? formatMoney(0, currency) : formatMoney(total, currency)}
            inputMode="decimal"
            value={cart.amount_received}
            error={receivedError}
            rightSection={keyboard ? <Kbd size="xs">F8</Kbd> : null}
            rightSectionWidth={keyboard ? 40 : undefined}
            onChange={(e) => {
              const value = e.currentTarget.value;
              update((c) => ({ ...c, amount_received: value }));
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                completeSale();
              }
            }}
          />
        )}
        {credit && (priced.received ?? 0) > 0 && (
          <Select
            label="Paid with"
            data={TENDER_TYPES.map((t) => ({ value: t, label: PAYMENT_TYPE_LABELS[t] ?? t }))}
            value={cart.paid_with}
            allowDeselect={false}
            onChange={(v) => v && update((c) => ({ ...c, paid_with: v as TenderType }))}
          />
        )}
        {cart.payment_type === 'cash' && total > 0 && (
          <Group gap={6}>
            {suggestions.map((s) => (
              <Button
                key={s}
                size="compact-sm"
                variant="light"
                onClick={() => update((c) => ({ ...c, amount_received: String(s) }))}
              >
                {formatMoney(Math.round(s * 10 ** digits), currency)}
              </Button>
            ))}
          </Group>
        )}
        {change > 0 && (
          <Group justify="space-between" aria-label="Change due">
            <Text fw={600}>Change due</Text>
            <Text fw={700} size="lg" c="green">
              {formatMoney(change, currency)}
            </Text>
          </Group>
        )}
        {owing > 0 && !credit && (
          <Text size="sm" c="orange">
            {formatMoney(owing, currency)} will be left to pay: the order stays open until it is paid.
          </Text>
        )}
        {!withoutButton && (
          <CompleteSaleButton
            total={quote.data && fresh ? total : null}
            awaiting={awaiting}
            currency={currency}
            canSell={canSell}
            selling={selling}
            completeSale={completeSale}
          />
        )}
      </Stack>
    </Paper>
  );
}

/** The button that sells, with the total once the server priced the cart as it is. */
export function CompleteSaleButton({
  total,
  awaiting = false,
  currency,
  canSell,
  selling,
  completeSale,
}: {
  total: number | null;
  /** By transfer, waiting for it: the button places the sale and shows the account to pay. */
  awaiting?: boolean;
  currency: string;
  canSell: boolean;
  selling: boolean;
  completeSale: () => void;
}) {
  return (
    <Button
      size="lg"
      fullWidth
      // The total can be long (₦1,234,567.00): the label wraps rather than being cut.
      h="auto"
      mih={50}
      py={8}
      styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
      disabled={!canSell}
      loading={selling}
      onClick={completeSale}
    >
      {awaiting ? 'Wait for transfer' : 'Complete sale'}
      {total !== null ? ` · ${formatMoney(total, currency)}` : ''}
    </Button>
  );
}
