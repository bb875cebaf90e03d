import { Alert, Button, Group, Loader, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { MESSAGES } from '@tillbook/contract/constants';
import { useMemo, useState } from 'react';
import { bankFilter } from '../../../components/bank-filter';
import { ErrorState, LoadingState } from '../../../components/states';
import { ApiError, messageOf } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import {
  usePaymentBanks,
  useSetSettlementAccount,
  useSettlementAccount,
  useVerifiedAccount,
} from '../api/settlement-account';
import { TransactionPinCard } from './transaction-pin-card';

/**
 * Settings → Payment: the settlement account invoices print as "pay to", checked by name enquiry,
 * and the signed-in person's transaction PIN.
 */
export function PaymentPanel({ canEdit }: { canEdit: boolean }) {
  const current = useSettlementAccount();
  const banks = usePaymentBanks();
  const save = useSetSettlementAccount();
  const [bankCode, setBankCode] = useState<string | null>(null);
  const [accountNumber, setAccountNumber] = useState('');
  const [error, setError] = useState<string | null>(null);
  const enquiry = useVerifiedAccount(bankCode, accountNumber);
  const ready = Boolean(bankCode) && /^\d{10}$/.test(accountNumber);
  const name = ready ? (enquiry.data?.account_name ?? null) : null;
  const checking = ready && enquiry.isFetching;
  const enquiryError = ready && enquiry.isError ? messageOf(enquiry.error) : null;

  const options = useMemo(
    () => (banks.data ?? []).map((b) => ({ value: b.code, label: b.name })),
    [banks.data],
  );

  if (current.isPending) return <LoadingState rows={3} label="Loading the settlement account" />;
  if (current.isError) return <ErrorState error={current.error} onRetry={() => void current.refetch()} />;

  const submit = async () => {
    if (!bankCode || !/^\d{10}$/.test(accountNumber)) {
      setError('Choose a bank and enter the 10-digit account number');
      return;
    }
    try {
      await save.mutateAsync({ accountNumber, bankCode });
      notify.success(MESSAGES.saved);
      setAccountNumber('');
      setBankCode(null);
    } catch (e) {
      setError(e instanceof ApiError ? (e.fields.accountNumber ?? e.message) : messageOf(e));
    }
  };

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg">
        <Stack gap={4}>
          <Title order={4}>Settlement account</Title>
          {current.data ? (
            <>
              <Text fw={600} data-testid="settlement-account">
                {current.data.account_name}
              </Text>
              <Text size="sm">
                {current.data.bank_name} · {current.data.account_number}
              </Text>
              <Text size="xs" c="dimmed">
                Printed on invoices and receipts as "pay to".
              </Text>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              No settlement account yet. Add the bank account customers should pay into.
            </Text>
          )}
        </Stack>
      </Paper>
      {canEdit ? (
        <Paper withBorder radius="md" p="lg">
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <Stack maw={480}>
              <Title order={5}>{current.data ? 'Change the account' : 'Add the account'}</Title>
              <Select
                label="Bank"
                searchable
                placeholder={banks.isPending ? 'Loading banks…' : 'Search for a bank'}
                data={options}
                filter={bankFilter}
                value={bankCode}
                onChange={setBankCode}
                nothingFoundMessage="No bank by that name"
              />
              <TextInput
                label="Account number"
                inputMode="numeric"
                maxLength={10}
                value={accountNumber}
                onChange={(e) => {
                  setAccountNumber(e.currentTarget.value.replace(/\D/g, ''));
                  setError(null);
                }}
                error={error ?? enquiryError}
                rightSection={checking ? <Loader size="xs" /> : null}
              />
              {name && (
                <Alert color="teal" variant="light" title="Account name">
                  {name}
                </Alert>
              )}
              <Group>
                <Button type="submit" loading={save.isPending} disabled={!name}>
                  Save account
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      ) : (
        <Text size="sm">Your role cannot change the settlement account.</Text>
      )}
      <TransactionPinCard />
    </Stack>
  );
}
