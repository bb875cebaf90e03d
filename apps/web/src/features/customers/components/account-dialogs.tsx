import { Alert, Anchor, Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  accountPaymentBody,
  creditLimitBody,
  writeOffBody,
  type AccountPaymentResult,
  type CustomerAccount,
} from '@tillbook/contract/customer-accounts';
import type { PaymentMode } from '@tillbook/contract/payments-received';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormActions } from '../../../components/form-actions';
import { LinesTable } from '../../../components/lines-table';
import { MoneyInput } from '../../../components/money-input';
import { balanceWords } from '../../../components/receivables';
import { usePhoneWidth } from '../../../components/row-cards';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { showFormError, useSchemaForm } from '../../../lib/forms';
import { PAYMENT_MODE_OPTIONS } from '../../../lib/payment-modes';
import { notify } from '../../../lib/toast';
import {
  useRecordRepayment,
  useSetCreditLimit,
  useWriteOff,
  type RepaymentBody,
} from '../api/customer-account';
import { newKey } from './account-words';

/** What a money box holds: minor units, null when empty, NaN while not an amount. */
const amountOf = (v: number | null) => (v !== null && !Number.isNaN(v) ? v : null);
const TYPE_AN_AMOUNT = 'Enter an amount like 5000 or 5,000.50';

/** A refused change moved nothing: the corrected form is a new request, with a new key. */
const refused = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

interface DialogProps {
  customerName: string;
  customerId: string;
  account: CustomerAccount;
  onClose: () => void;
}

type RepaymentValues = {
  amount: number | null;
  payment_type: PaymentMode;
  reference: string;
  note: string;
};

const repaymentBody = (v: RepaymentValues) => ({
  amount: v.amount ?? Number.NaN,
  payment_type: v.payment_type,
  ...(v.reference.trim() ? { reference: v.reference.trim() } : {}),
  ...(v.note.trim() ? { note: v.note.trim() } : {}),
});

/**
 * Money paid towards the account: the server shares it over the open orders, oldest first, and
 * keeps what is left as credit. After it is recorded the dialog shows where it went.
 */
export function RepaymentModal({ customerName, customerId, account, onClose }: DialogProps) {
  const phone = usePhoneWidth();
  const money = (v: number) => formatMoney(v, account.currency);
  const [key, setKey] = useState(newKey);
  const [result, setResult] = useState<{ paid: number; answer: AccountPaymentResult } | null>(null);
  const form = useSchemaForm<RepaymentValues>(
    accountPaymentBody,
    { amount: null, payment_type: 'cash', reference: '', note: '' },
    {
      toBody: repaymentBody,
      check: (v) => ({ amount: (amountOf(v.amount) ?? 0) <= 0 ? TYPE_AN_AMOUNT : undefined }),
    },
  );
  const pay = useRecordRepayment({
    onSuccess: (answer, sent) => {
      // The amount sent, not an entry's: the entries may split it (one per order, the rest as credit).
      const paid = (sent.body as RepaymentBody).amount;
      notify.success(`Repayment of ${money(paid)} recorded`);
      setResult({ paid, answer: answer.data });
    },
    onError: (error) => {
      showFormError(form, error);
      if (refused(error)) setKey(newKey());
    },
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={result ? 'Repayment recorded' : `Record a repayment from ${customerName}`}
      closeButtonProps={{ 'aria-label': 'Close' }}
      size="lg"
      centered
      fullScreen={phone}
    >
      {result ? (
        <Allocation paid={result.paid} result={result.answer} currency={account.currency} onDone={onClose} />
      ) : (
        <form
          noValidate
          onSubmit={form.onSubmit((v) => pay.mutate({ id: customerId, key, body: repaymentBody(v) }))}
        >
          <Stack gap="sm">
            <Text size="sm" data-testid="repayment-owed">
              {balanceWords(account.balance, account.currency)}.{' '}
              {account.open_orders.length > 0
                ? 'The money pays the oldest orders on account first; anything beyond what is owed is kept as credit.'
                : 'Nothing is owed on an order: the money is kept as credit for the next sale.'}
            </Text>
            <MoneyInput
              label="Amount"
              required
              data-autofocus
              placeholder="5,000.00"
              currency={account.currency}
              {...form.getInputProps('amount')}
              rightSectionWidth={96}
              rightSection={
                account.balance > 0 ? (
                  <Button
                    size="compact-xs"
                    variant="light"
                    onClick={() => form.setFieldValue('amount', account.balance)}
                  >
                    All owed
                  </Button>
                ) : null
              }
            />
            <Select
              label="Payment type"
              required
              data={PAYMENT_MODE_OPTIONS}
              allowDeselect={false}
              {...form.getInputProps('payment_type')}
              onChange={(v) => v && form.setFieldValue('payment_type', v as PaymentMode)}
            />
            <TextInput
              label="Reference"
              placeholder="Transfer reference or receipt number"
              {...form.getInputProps('reference')}
            />
            <Textarea label="Note" rows={2} {...form.getInputProps('note')} />
            <FormActions onCancel={onClose} submitLabel="Record repayment" loading={pay.isPending} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** Where a repayment went: each order it paid, what is left on it, and the balance. */
function Allocation({
  paid,
  result,
  currency,
  onDone,
}: {
  paid: number;
  result: AccountPaymentResult;
  currency: string;
  onDone: () => void;
}) {
  const money = (v: number) => formatMoney(v, currency);
  const allocated = result.allocations.reduce((sum, a) => sum + a.amount, 0);
  const credit = paid - allocated;
  return (
    <Stack gap="sm" data-testid="repayment-result">
      {result.allocations.length > 0 ? (
        <LinesTable
          label="How the repayment was shared"
          rows={result.allocations}
          rowKey={(a) => a.order_id}
          minWidth={360}
          columns={[
            {
              header: 'Order',
              card: 'title',
              cell: (a) => (
                <Anchor component={Link} to={paths.order(a.order_id)} size="sm" fw={600}>
                  {a.order_number}
                </Anchor>
              ),
            },
            { header: 'Paid', numeric: true, noWrap: true, card: 'figure', cell: (a) => money(a.amount) },
            {
              header: 'Still owed on it',
              numeric: true,
              noWrap: true,
              cell: (a) => (a.order_amount_outstanding > 0 ? money(a.order_amount_outstanding) : 'Paid'),
            },
          ]}
        />
      ) : (
        <Text size="sm">No order on account was waiting to be paid.</Text>
      )}
      {credit > 0 && (
        <Alert color="blue" variant="light">
          {money(credit)} was more than the orders owed: it is kept as credit for the customer.
        </Alert>
      )}
      <Text size="sm" fw={700} data-testid="balance-after">
        Balance now: {balanceWords(result.balance, currency)}
      </Text>
      <Group justify="flex-end">
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}

type WriteOffValues = { amount: number | null; reason: string };

const writeOffValuesBody = (v: WriteOffValues) => ({ amount: v.amount ?? Number.NaN, reason: v.reason });

/** Forgives part or all of what is owed, with a reason; no money moves. */
export function WriteOffModal({ customerName, customerId, account, onClose }: DialogProps) {
  const phone = usePhoneWidth();
  const money = (v: number) => formatMoney(v, account.currency);
  const [key, setKey] = useState(newKey);
  const form = useSchemaForm<WriteOffValues>(
    writeOffBody,
    { amount: null, reason: '' },
    {
      toBody: writeOffValuesBody,
      check: (v) => {
        const amount = amountOf(v.amount);
        return {
          amount:
            amount === null || amount <= 0
              ? TYPE_AN_AMOUNT
              : amount > account.balance
                ? `At most ${money(account.balance)} is owed`
                : undefined,
        };
      },
    },
  );
  const writeOff = useWriteOff({
    onSuccess: (answer) => {
      notify.success(
        `${money(-answer.data.entry.amount)} written off. ${balanceWords(answer.data.balance, account.currency)}.`,
      );
      onClose();
    },
    onError: (error) => {
      showFormError(form, error);
      if (refused(error)) setKey(newKey());
    },
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Write off what ${customerName} owes`}
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
      fullScreen={phone}
    >
      <form
        noValidate
        onSubmit={form.onSubmit((v) => writeOff.mutate({ id: customerId, key, body: writeOffValuesBody(v) }))}
      >
        <Stack gap="sm">
          <Text size="sm">
            {balanceWords(account.balance, account.currency)}. Writing off lowers what is owed without any
            money coming in; the oldest orders are cleared first. It cannot be undone.
          </Text>
          <MoneyInput
            label="Amount"
            required
            data-autofocus
            currency={account.currency}
            {...form.getInputProps('amount')}
            rightSectionWidth={96}
            rightSection={
              <Button
                size="compact-xs"
                variant="light"
                onClick={() => form.setFieldValue('amount', account.balance)}
              >
                All owed
              </Button>
            }
          />
          <Textarea
            label="Reason"
            required
            rows={3}
            placeholder="Customer moved away; agreed discount"
            {...form.getInputProps('reason')}
          />
          <FormActions onCancel={onClose} submitLabel="Write off" loading={writeOff.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

type LimitValues = { credit_limit: number | null };

/** Sets the most the customer may owe; "No credit" takes buying on account away. */
export function CreditLimitModal({ customerName, customerId, account, onClose }: DialogProps) {
  const money = (v: number) => formatMoney(v, account.currency);
  const form = useSchemaForm<LimitValues>(
    creditLimitBody,
    { credit_limit: account.credit_limit },
    {
      toBody: (v) => ({ credit_limit: v.credit_limit ?? Number.NaN }),
      check: (v) => ({
        credit_limit:
          amountOf(v.credit_limit) === null ? 'Enter a limit like 50000, or choose No credit' : undefined,
      }),
    },
  );
  const setLimit = useSetCreditLimit({
    onSuccess: (answer) => {
      const limit = answer.data.credit_limit;
      notify.success(
        limit === null
          ? `${customerName} can no longer buy on credit`
          : `Credit limit set to ${money(limit)}`,
      );
      onClose();
    },
    onError: (error) => showFormError(form, error),
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Credit limit for ${customerName}`}
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      <form
        noValidate
        onSubmit={form.onSubmit((v) => setLimit.mutate({ id: customerId, limit: v.credit_limit }))}
      >
        <Stack gap="sm">
          <Text size="sm">
            The most this customer may owe. A sale on credit past it needs the approval of someone who may
            override the limit.
          </Text>
          <MoneyInput
            label="Credit limit"
            required
            data-autofocus
            currency={account.currency}
            {...form.getInputProps('credit_limit')}
          />
          <Group justify="space-between" wrap="wrap" gap="sm">
            {account.credit_limit !== null ? (
              <Button
                variant="subtle"
                color="red"
                loading={setLimit.isPending}
                onClick={() => setLimit.mutate({ id: customerId, limit: null })}
              >
                No credit
              </Button>
            ) : (
              <span />
            )}
            <Group gap="sm">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={setLimit.isPending}>
                Save limit
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
