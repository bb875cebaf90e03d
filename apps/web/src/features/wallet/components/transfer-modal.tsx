import { Alert, Button, Group, Loader, Modal, Select, Stack, Table, TextInput } from '@mantine/core';
import type { WalletDetails, WalletTransaction } from '@tillbook/contract/wallet';
import { useMemo, useState } from 'react';
import { ApiError, messageOf } from '../../../lib/api-client';
import { formatMoney, toMinor } from '../../../lib/format';
import { useBanks } from '../api/list-banks';
import { useBeneficiaries } from '../api/list-beneficiaries';
import { usePinStatus } from '../api/pin-status';
import { useResolvedAccount } from '../api/resolve-account';
import { useTransfer } from '../api/wallet-changes';
import { SecretConfirmation } from '../../../components/secret-confirmation';
import { StatusBadge } from '../../../components/status-badge';
import { FormActions } from '../../../components/form-actions';
import { bankFilter } from '../../../components/bank-filter';
import { ShareButtons, shareTransferReceipt } from '../../../components/share-receipt';
import { RecentBeneficiaries } from './recent-beneficiaries';

type Errors = Partial<
  Record<'bankCode' | 'accountNumber' | 'amount' | 'password' | 'pin' | 'narration', string>
>;

const newKey = () => (crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);

/** Transfer to a bank account: the name is the bank's, shown before anything is sent. */
export function TransferModal({
  opened,
  onClose,
  wallet,
}: {
  opened: boolean;
  onClose: () => void;
  wallet: WalletDetails;
}) {
  const banks = useBanks(opened);
  const beneficiaries = useBeneficiaries(opened);
  const transfer = useTransfer();
  const [bankCode, setBankCode] = useState<string | null>(null);
  const [accountNumber, setAccountNumber] = useState('');
  const enquiry = useResolvedAccount(bankCode, accountNumber);
  const ready = Boolean(bankCode) && /^\d{10}$/.test(accountNumber);
  const accountName = ready ? (enquiry.data?.account_name ?? null) : null;
  const resolving = ready && enquiry.isFetching;
  const enquiryError = ready && enquiry.isError ? messageOf(enquiry.error) : undefined;
  const [amount, setAmount] = useState('');
  const [narration, setNarration] = useState('');
  const [password, setPassword] = useState('');
  const [pin, setPin] = useState('');
  // With a transaction PIN set, the form asks for it; the password still works (domain.md).
  const pinStatus = usePinStatus(opened);
  const [preferPassword, setPreferPassword] = useState(false);
  const askPin = Boolean(pinStatus.data?.pin_set) && !preferPassword;
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<WalletTransaction | null>(null);
  // One key per filled-in form: pressing Send again after a lost answer cannot pay twice.
  const [key, setKey] = useState(newKey);

  const reset = () => {
    setBankCode(null);
    setAccountNumber('');
    setAmount('');
    setNarration('');
    setPassword('');
    setPin('');
    setPreferPassword(false);
    setErrors({});
    setFormError(null);
    setReceipt(null);
    setKey(newKey());
  };
  const close = () => {
    reset();
    onClose();
  };

  const minor = toMinor(amount, wallet.currency);
  const money = (m: number) => formatMoney(m, wallet.currency);
  const total = minor !== null ? minor + wallet.transfer_fee : null;
  const bankOptions = useMemo(
    () => (banks.data ?? []).map((b) => ({ value: b.code, label: b.name })),
    [banks.data],
  );

  const submit = async () => {
    const next: Errors = {};
    if (!bankCode) next.bankCode = 'Choose a bank';
    if (!/^\d{10}$/.test(accountNumber)) next.accountNumber = 'Account number must be 10 digits';
    else if (!accountName) next.accountNumber = enquiryError ?? 'Wait for the account name';
    if (minor === null || minor < 100) next.amount = 'Enter an amount of at least 1.00';
    else if (total! > wallet.balance)
      next.amount = `Amount and fee come to ${money(total!)}; the balance is ${money(wallet.balance)}`;
    if (askPin && !/^\d{4}$/.test(pin)) next.pin = 'Enter your 4-digit PIN to confirm';
    if (!askPin && !password) next.password = 'Enter your password to confirm';
    setErrors(next);
    setFormError(null);
    if (Object.values(next).some(Boolean)) return;
    try {
      const answer = await transfer.mutateAsync({
        key,
        body: {
          amount: minor!,
          bankCode: bankCode!,
          accountNumber,
          accountName: accountName!,
          narration: narration.trim() || undefined,
          ...(askPin ? { pin } : { password }),
        },
      });
      setPassword('');
      setPin('');
      setReceipt(answer.data);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length) {
        setErrors(error.fields as Errors);
      }
      setFormError(messageOf(error));
      // A refused transfer moved nothing: a corrected form is a new request.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) setKey(newKey());
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={receipt ? 'Transfer receipt' : 'Transfer to a bank account'}
      // Mantine's close button is an icon with no name of its own: screen readers said "button".
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
      size="lg"
    >
      {receipt ? (
        <Stack>
          <Table variant="vertical" layout="fixed" withTableBorder>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={140}>Status</Table.Th>
                <Table.Td>
                  <StatusBadge status={receipt.status} />
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>To</Table.Th>
                <Table.Td>
                  {receipt.counterparty_name}, {receipt.counterparty_bank_name} {receipt.counterparty_account}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Amount</Table.Th>
                <Table.Td>{money(receipt.amount)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Fee</Table.Th>
                <Table.Td>{money(receipt.fee)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Reference</Table.Th>
                <Table.Td style={{ wordBreak: 'break-all' }}>{receipt.reference}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {receipt.status === 'pending' && (
            <Alert color="yellow">
              The bank has not confirmed it yet. The money stays held until it does.
            </Alert>
          )}
          {receipt.status === 'failed' && (
            <Alert color="red">
              {receipt.failure_reason ?? 'The transfer failed.'} The amount and fee are back in the wallet.
            </Alert>
          )}
          <ShareButtons share={(channel) => shareTransferReceipt(receipt.id, channel)} />
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack>
            <RecentBeneficiaries
              beneficiaries={beneficiaries.data ?? []}
              chosen={{ bankCode, accountNumber }}
              onPick={(b) => {
                setBankCode(b.bank_code);
                setAccountNumber(b.account_number);
                setErrors((e) => ({ ...e, bankCode: undefined, accountNumber: undefined }));
              }}
            />
            <Select
              label="Bank"
              placeholder={banks.isPending ? 'Loading banks…' : 'Search: name, GTB, UBA, code'}
              searchable
              data={bankOptions}
              filter={bankFilter}
              value={bankCode}
              onChange={setBankCode}
              error={errors.bankCode ?? (banks.isError ? messageOf(banks.error) : undefined)}
              nothingFoundMessage="No bank by that name"
              comboboxProps={{ withinPortal: true }}
            />
            <TextInput
              label="Account number"
              inputMode="numeric"
              maxLength={10}
              value={accountNumber}
              onChange={(e) => setAccountNumber(e.currentTarget.value.replace(/\D/g, ''))}
              error={errors.accountNumber ?? enquiryError}
              rightSection={resolving ? <Loader size="xs" /> : null}
              description={
                accountName ? undefined : 'The account name is looked up when the 10 digits are in'
              }
            />
            {accountName && (
              <Alert color="teal" variant="light" data-testid="resolved-name" title="Account name">
                {accountName}
              </Alert>
            )}
            <TextInput
              label={`Amount (${wallet.currency})`}
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.currentTarget.value)}
              error={errors.amount}
              description={
                total !== null
                  ? `Fee ${money(wallet.transfer_fee)} · total ${money(total)} · balance ${money(wallet.balance)}`
                  : `Fee ${money(wallet.transfer_fee)} per transfer`
              }
            />
            <TextInput
              label="Narration (optional)"
              maxLength={100}
              value={narration}
              onChange={(e) => setNarration(e.currentTarget.value)}
              error={errors.narration}
            />
            <SecretConfirmation
              pinSet={Boolean(pinStatus.data?.pin_set)}
              usePin={askPin}
              onSwitch={() => {
                setPreferPassword((v) => !v);
                setErrors((e) => ({ ...e, pin: undefined, password: undefined }));
              }}
              pin={pin}
              onPin={setPin}
              password={password}
              onPassword={setPassword}
              errors={errors}
              description="Asked for every transfer"
            />
            {formError && !Object.values(errors).some(Boolean) && (
              <Alert color="red" role="alert">
                {formError}
              </Alert>
            )}
            <FormActions
              onCancel={close}
              submitLabel={`Send ${total !== null ? money(total) : ''}`}
              loading={transfer.isPending}
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
