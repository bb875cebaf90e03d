import { Alert, Modal, Stack, Table, Text } from '@mantine/core';
import type { CurrentSubscription, Plan } from '@tillbook/contract/subscriptions';
import { useState } from 'react';
import { SecretConfirmation } from '../../../components/secret-confirmation';
import { ApiError, messageOf } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { usePinStatus } from '../api/transaction-pin';
import { FormActions } from '../../../components/form-actions';

/** What the confirmation sends: the plan, and the password or the PIN. */
export interface PlanConfirmation {
  plan_code: string;
  password?: string;
  pin?: string;
}

/**
 * Paying for a plan takes money from the wallet, so it is confirmed as a transfer is: the plan,
 * its price and when it starts on screen, then the transaction PIN (or the password when no
 * PIN is set, or when the person prefers it). Errors show next to the field.
 */
export function SubscribeModal({
  plan,
  current,
  onClose,
  onConfirm,
}: {
  plan: Plan | null;
  current: CurrentSubscription;
  onClose: () => void;
  onConfirm: (confirmation: PlanConfirmation) => Promise<void>;
}) {
  const pinStatus = usePinStatus();
  const [preferPassword, setPreferPassword] = useState(false);
  const askPin = Boolean(pinStatus.data?.pin_set) && !preferPassword;
  const [password, setPassword] = useState('');
  const [pin, setPin] = useState('');
  const [errors, setErrors] = useState<{ password?: string; pin?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setPassword('');
    setPin('');
    setErrors({});
    setFormError(null);
    setPreferPassword(false);
    onClose();
  };

  const submit = async () => {
    if (!plan) return;
    const next = {
      ...(askPin && !/^\d{4}$/.test(pin) ? { pin: 'Enter your 4-digit PIN to confirm' } : {}),
      ...(!askPin && !password ? { password: 'Enter your password to confirm' } : {}),
    };
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length) return;
    setBusy(true);
    try {
      await onConfirm({ plan_code: plan.code, ...(askPin ? { pin } : { password }) });
      close();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length) setErrors(error.fields);
      setFormError(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  // A paid period starts the day after the one running now; today when none runs.
  const starts = current.active && current.end_date ? `after ${current.end_date}` : 'today';
  return (
    <Modal opened={plan !== null} onClose={close} title={plan ? `Pay for ${plan.name}` : ''} centered>
      {plan && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack>
            <Table variant="vertical" layout="fixed" withTableBorder>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th w={120}>Plan</Table.Th>
                  <Table.Td>{plan.name}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>Price</Table.Th>
                  <Table.Td data-testid="confirm-price">
                    {formatMoney(plan.price ?? 0, plan.currency)} for one {plan.period}
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>Starts</Table.Th>
                  <Table.Td>{starts}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>Paid from</Table.Th>
                  <Table.Td>The store's wallet</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            <SecretConfirmation
              pinSet={Boolean(pinStatus.data?.pin_set)}
              usePin={askPin}
              onSwitch={() => {
                setPreferPassword((v) => !v);
                setErrors({});
              }}
              pin={pin}
              onPin={setPin}
              password={password}
              onPassword={setPassword}
              errors={errors}
              description="Confirms the payment"
            />
            {formError && !errors.pin && !errors.password && (
              <Alert color="red" role="alert">
                {formError}
              </Alert>
            )}
            <Text size="sm" c="dimmed">
              {formatMoney(plan.price ?? 0, plan.currency)} leaves the wallet when you confirm.
            </Text>
            <FormActions
              onCancel={close}
              submitLabel={`Pay ${formatMoney(plan.price ?? 0, plan.currency)}`}
              loading={busy}
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
