import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { messageOf } from '../../../lib/api-client';
import { formatMoney, toMinor } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useSimulateDeposit } from '../api/wallet-changes';
import { FormActions } from '../../../components/form-actions';

/** Sandbox only: money "arrives" in the virtual account, as a bank transfer in would. */
export function DepositModal({
  opened,
  onClose,
  currency,
}: {
  opened: boolean;
  onClose: () => void;
  currency: string;
}) {
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const deposit = useSimulateDeposit();
  const submit = async () => {
    const minor = toMinor(amount, currency);
    if (minor === null || minor < 100) {
      setError('Enter an amount of at least 1.00');
      return;
    }
    try {
      const answer = await deposit.mutateAsync({ amount: minor });
      notify.success(`${formatMoney(answer.data.amount, currency)} deposited`);
      setAmount('');
      onClose();
    } catch (e) {
      setError(messageOf(e));
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Simulate a deposit" centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            The sandbox has no real bank: this adds money to the wallet as a transfer into its account would.
          </Text>
          <TextInput
            label={`Amount (${currency})`}
            inputMode="decimal"
            value={amount}
            onChange={(e) => {
              setAmount(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            data-autofocus
          />
          <FormActions onCancel={onClose} submitLabel="Deposit" loading={deposit.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
