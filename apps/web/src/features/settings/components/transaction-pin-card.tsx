import { Button, Group, Paper, PasswordInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { setTransactionPinBody } from '@tillbook/contract/wallet';
import { ErrorState, LoadingState } from '../../../components/states';
import { formatDateTime } from '../../../lib/format';
import { showFormError, useSchemaForm } from '../../../lib/forms';
import { notify } from '../../../lib/toast';
import { usePinStatus, useSetPin } from '../api/transaction-pin';

/** Only digits reach a PIN box, at most four. */
const digits = (value: string) => value.replace(/\D/g, '').slice(0, 4);

/**
 * Settings → Payment: the signed-in person's transaction PIN, which confirms a wallet transfer
 * instead of their password. Setting or changing it asks for the password.
 */
export function TransactionPinCard() {
  const status = usePinStatus();
  const form = useSchemaForm(setTransactionPinBody, { password: '', pin: '', confirm_pin: '' });
  const save = useSetPin({
    onSuccess: (answer) => {
      notify.success(answer.message || 'Transaction PIN saved');
      form.reset();
    },
    onError: (error) => showFormError(form, error),
  });
  const pinProps = (field: 'pin' | 'confirm_pin') => {
    const props = form.getInputProps(field);
    return {
      ...props,
      inputMode: 'numeric' as const,
      autoComplete: 'off',
      maxLength: 4,
      onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
        form.setFieldValue(field, digits(e.currentTarget.value)),
    };
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack>
        <div>
          <Title order={4}>Transaction PIN</Title>
          {status.isPending ? (
            <LoadingState rows={1} label="Loading your PIN status" />
          ) : status.isError ? (
            <ErrorState error={status.error} onRetry={() => void status.refetch()} />
          ) : (
            <Text size="sm" c="dimmed" data-testid="pin-status">
              {status.data.pin_set
                ? `Set${status.data.updated_at ? ` on ${formatDateTime(status.data.updated_at)}` : ''}. Wallet transfers ask for it instead of your password.`
                : 'Not set. Wallet transfers ask for your password; a 4-digit PIN is quicker at the till.'}
            </Text>
          )}
        </div>
        <form onSubmit={form.onSubmit((v) => save.mutate(v))} noValidate>
          <Stack maw={480}>
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <PasswordInput label="New PIN" {...pinProps('pin')} />
              <PasswordInput label="Confirm PIN" {...pinProps('confirm_pin')} />
            </SimpleGrid>
            <PasswordInput
              label="Your password"
              description="Confirms it is you"
              autoComplete="current-password"
              {...form.getInputProps('password')}
            />
            <Group>
              <Button type="submit" loading={save.isPending}>
                {status.data?.pin_set ? 'Change PIN' : 'Set PIN'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
