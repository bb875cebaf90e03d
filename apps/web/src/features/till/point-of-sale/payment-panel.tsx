import { Button, Group, Kbd, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { PAYMENT_TYPES, type PaymentType } from '@tillbook/contract/order-constants';
import { useMemo, type RefObject } from 'react';
import { formatMoney, minorDigits } from '../../../lib/format';
import type { Cart } from '../components/cart';
import { PAYMENT_TYPE_LABELS } from '../../../lib/payment-types';
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
        <TextInput
          ref={receivedRef}
          label="Amount received"
          description="Leave empty when the customer pays the total exactly"
          placeholder={formatMoney(total, currency)}
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
        {owing > 0 && (
          <Text size="sm" c="orange">
            {formatMoney(owing, currency)} will be left to pay: the order stays open until it is paid.
          </Text>
        )}
        {!withoutButton && (
          <CompleteSaleButton
            total={quote.data && fresh ? total : null}
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
  currency,
  canSell,
  selling,
  completeSale,
}: {
  total: number | null;
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
      Complete sale{total !== null ? ` · ${formatMoney(total, currency)}` : ''}
    </Button>
  );
}
