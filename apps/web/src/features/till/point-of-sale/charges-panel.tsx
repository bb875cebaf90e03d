import { Button, Group, Paper, Select, Stack, TextInput } from '@mantine/core';
import type { RefObject } from 'react';
import { messageOf } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { useShippingRates } from '../api/shipping-rates';
import type { Cart } from '../components/cart';
import { CustomerPicker } from '../components/customer-picker';
import type { Charges } from './use-charges';
import type { CartUpdate } from './use-pos-cart';

interface ChargesPanelProps {
  cart: Cart;
  update: CartUpdate;
  charges: Charges;
  currency: string;
  applyCode: () => void;
  customerRef: RefObject<HTMLInputElement | null>;
  codeRef: RefObject<HTMLInputElement | null>;
  focusScan: () => void;
}

/** Who buys, the discount code and the shipping of the sale. */
export function ChargesPanel({
  cart,
  update,
  charges,
  currency,
  applyCode,
  customerRef,
  codeRef,
  focusScan,
}: ChargesPanelProps) {
  const shippingRates = useShippingRates();
  const shippingOptions = [
    { value: 'none', label: 'No shipping (collected in store)' },
    ...(shippingRates.data ?? [])
      .filter((r) => r.is_active)
      .map((r) => ({ value: r.id, label: `${r.name} · ${formatMoney(r.fee, currency)}` })),
  ];

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <CustomerPicker
          inputRef={customerRef}
          value={cart.customer}
          onChange={(customer) => update((c) => ({ ...c, customer }))}
          onDone={focusScan}
        />
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            ref={codeRef}
            label="Discount code"
            placeholder="WEEKEND10"
            style={{ flex: 1 }}
            value={charges.codeText}
            error={charges.codeError}
            onChange={(e) => {
              charges.setCodeText(e.currentTarget.value.toUpperCase());
              charges.setCodeError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                applyCode();
              }
            }}
          />
          {cart.discount_code ? (
            <Button
              mt={25}
              variant="default"
              onClick={() => {
                update((c) => ({ ...c, discount_code: null }));
                charges.setCodeText('');
              }}
            >
              Remove
            </Button>
          ) : (
            <Button mt={25} variant="default" loading={charges.checkingCode} onClick={applyCode}>
              Apply
            </Button>
          )}
        </Group>
        <Select
          label="Shipping"
          data={shippingOptions}
          value={cart.shipping_id ?? 'none'}
          allowDeselect={false}
          disabled={shippingRates.isPending}
          error={
            charges.shippingError ?? (shippingRates.isError ? messageOf(shippingRates.error) : undefined)
          }
          description={
            shippingRates.isSuccess && shippingOptions.length === 1
              ? 'No delivery rates yet: add them in Settings → Shipping.'
              : undefined
          }
          onChange={(v) => {
            charges.setShippingError(null);
            update((c) => ({ ...c, shipping_id: v && v !== 'none' ? v : null }));
          }}
        />
      </Stack>
    </Paper>
  );
}
