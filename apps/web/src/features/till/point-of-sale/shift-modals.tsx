import { Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { cashMovementBody, openShiftBody, type ShiftSummary } from '@tillbook/contract/shifts';
import { useState } from 'react';
import { CloseShiftModal } from '../../../components/close-shift-modal';
import { FormActions } from '../../../components/form-actions';
import { MoneyInput } from '../../../components/money-input';
import { messageOf } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { showFormError, useSchemaForm } from '../../../lib/forms';
import { notify } from '../../../lib/toast';
import { useCloseShift } from '../../../lib/close-shift';
import { useCashMovement, useOpenShift } from '../api/shift';
import { newKey } from './use-pos-cart';

/**
 * The till's shift dialogs (issue 32), loaded when the cashier first opens one: they bring the
 * contract's schemas (zod), which the till's first load must not (check-bundle.mjs).
 */

interface OpenValues extends Record<string, unknown> {
  opening_float: number | null;
  note: string;
}

/** Open shift: the cash in the drawer now (the float), and a note. */
export function OpenShiftModal({
  onClose,
  onOpened,
  reason,
}: {
  onClose: () => void;
  onOpened: () => void;
  /** Why it is asked (a shift must be open to sell), above the float. */
  reason?: string | null;
}) {
  const [key] = useState(newKey);
  const form = useSchemaForm<OpenValues>(openShiftBody, { opening_float: 0, note: '' });
  const open = useOpenShift({
    onSuccess: () => {
      notify.success('Shift open');
      onOpened();
    },
    onError: (error) => showFormError(form, error),
  });
  return (
    <Modal opened onClose={onClose} title="Open shift" centered>
      <form
        noValidate
        onSubmit={form.onSubmit((v) =>
          open.mutate({
            key,
            opening_float: v.opening_float ?? 0,
            ...(v.note.trim() ? { note: v.note.trim() } : {}),
          }),
        )}
      >
        <Stack gap="md">
          {reason && (
            <Text size="sm" fw={600}>
              {reason}
            </Text>
          )}
          <MoneyInput
            label="Opening float"
            description="The cash in the drawer now."
            required
            size="md"
            placeholder="0.00"
            data-autofocus
            {...form.getInputProps('opening_float')}
          />
          <Textarea label="Note" minRows={2} maxLength={500} {...form.getInputProps('note')} />
          <FormActions onCancel={onClose} submitLabel="Open shift" loading={open.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

interface CashValues extends Record<string, unknown> {
  type: 'in' | 'out';
  amount: number | null;
  reason: string;
}

/** Pay in or pay out: the amount and why (change brought in, a supplier paid, a drop to the safe). */
export function CashMovementModal({
  type,
  shift,
  onClose,
}: {
  type: 'in' | 'out';
  shift: ShiftSummary;
  onClose: () => void;
}) {
  const [key] = useState(newKey);
  const form = useSchemaForm<CashValues>(cashMovementBody, { type, amount: null, reason: '' });
  const payIn = type === 'in';
  const move = useCashMovement({
    onSuccess: (answer) => {
      notify.success(
        `${payIn ? 'Pay-in' : 'Payout'} recorded. Cash expected: ${formatMoney(answer.data.expected_cash, answer.data.currency)}`,
      );
      onClose();
    },
    onError: (error) => showFormError(form, error),
  });
  return (
    <Modal opened onClose={onClose} title={payIn ? 'Pay in' : 'Pay out'} centered>
      <form
        noValidate
        onSubmit={form.onSubmit((v) =>
          move.mutate({
            key,
            id: shift.shift.id,
            type: v.type,
            amount: v.amount ?? 0,
            reason: v.reason.trim(),
          }),
        )}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {payIn
              ? 'Cash put into the drawer (change brought in).'
              : 'Cash taken out of the drawer (a supplier paid, a drop to the safe).'}
          </Text>
          <MoneyInput
            label="Amount"
            required
            size="md"
            placeholder="0.00"
            data-autofocus
            currency={shift.currency}
            {...form.getInputProps('amount')}
          />
          <TextInput
            label="Reason"
            required
            maxLength={200}
            size="md"
            placeholder={payIn ? 'Change from the bank' : 'Paid the water supplier'}
            {...form.getInputProps('reason')}
          />
          <FormActions
            onCancel={onClose}
            submitLabel={payIn ? 'Record pay-in' : 'Record payout'}
            loading={move.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}

/** Close shift at the till: the count, the figures before confirming, then the Z-report. */
export function TillCloseShiftModal({ shift, onClose }: { shift: ShiftSummary; onClose: () => void }) {
  const [key] = useState(newKey);
  const [closed, setClosed] = useState<ShiftSummary | null>(null);
  const close = useCloseShift({
    onSuccess: (answer) => {
      notify.success(`Shift ${answer.data.shift.number} closed`);
      setClosed(answer.data);
    },
    onError: (error) => notify.error(messageOf(error)),
  });
  return (
    <CloseShiftModal
      opened
      onClose={onClose}
      current={shift}
      closed={closed}
      pending={close.isPending}
      onConfirm={(values) => close.mutate({ key, id: shift.shift.id, ...values })}
    />
  );
}
