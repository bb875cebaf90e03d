import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { formatMoney } from '../../../lib/format';
import { messageOf } from '../../../lib/api-client';
import { useCreditAccount } from '../api/credit';
import { CustomerPicker } from '../components/customer-picker';
import type { Cart } from '../components/cart';
import type { CartUpdate } from './use-pos-cart';

/** A figure of the account, label on the left, amount on the right. */
function Figure({ label, value, color }: { label: string; value: string; color?: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} c={color}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * A sale on credit (decision 0065): whose account it goes on, what they owe now, their limit and
 * what this sale would leave owing. The server decides; past the limit it asks for a manager's PIN.
 */
export function CreditPanel({
  cart,
  update,
  owed,
  currency,
}: {
  cart: Cart;
  update: CartUpdate;
  /** What this sale leaves on the account: the total less the part paid now. */
  owed: number;
  currency: string;
}) {
  const account = useCreditAccount(cart.customer?.id ?? null);
  if (!cart.customer) {
    return (
      <Stack gap="xs" role="group" aria-label="Credit customer">
        <Alert color="yellow" variant="light" title="Who takes it on credit?">
          A sale on credit goes on a customer&apos;s account: pick the customer.
        </Alert>
        <CustomerPicker value={null} onChange={(customer) => update((c) => ({ ...c, customer }))} />
      </Stack>
    );
  }
  if (account.isPending) return <Loader size="sm" aria-label="Loading the customer's account" />;
  if (account.isError) {
    return (
      <Alert color="red" variant="light">
        {messageOf(account.error)}
      </Alert>
    );
  }
  const a = account.data;
  if (!a) {
    return (
      <Alert color="yellow" variant="light">
        This till has no copy of {cart.customer.name}&apos;s account. Connect to the internet to sell on
        credit.
      </Alert>
    );
  }
  const after = a.account_balance + owed;
  const over = a.credit_limit === null || after > a.credit_limit;
  return (
    <Stack gap={4} aria-label="Customer account" role="group">
      <Text size="sm" fw={600}>
        {a.full_name}&apos;s account{a.fromDevice ? ' (this till’s copy)' : ''}
      </Text>
      <Figure
        label={a.account_balance < 0 ? 'Credit held' : 'Owes now'}
        value={formatMoney(Math.abs(a.account_balance), currency)}
      />
      <Figure
        label="Credit limit"
        value={a.credit_limit === null ? 'None set' : formatMoney(a.credit_limit, currency)}
      />
      <Figure
        label="Owes after this sale"
        value={formatMoney(after, currency)}
        color={over ? 'red' : undefined}
      />
      {over && (
        <Text size="xs" c="red">
          {a.credit_limit === null
            ? 'No credit limit is set'
            : `${formatMoney(after - a.credit_limit, currency)} past the limit`}
          {a.fromDevice
            ? ': with no network nobody can approve it. Take more payment now, or connect to the internet.'
            : ': the sale needs a manager’s approval with their PIN.'}
        </Text>
      )}
    </Stack>
  );
}
