import { Alert, Box, Button, Group, Modal, Paper, Stack, Text, Textarea } from '@mantine/core';
import { MAX_SHIFT_AMOUNT } from '@tillbook/contract/shift-constants';
import type { ShiftSummary } from '@tillbook/contract/shifts';
import { useState } from 'react';
import { cashDifference, DIFFERENCE_COLOURS, differenceState, differenceText } from '../lib/cash-count';
import { formatMoney } from '../lib/format';
import { CashCounter, useCashCount } from './cash-counter';
import { usePhoneWidth } from './row-cards';
import { ShiftReport, ShiftReportActions } from './shift-report';

export interface CloseShiftValues {
  counted_cash: number;
  note?: string;
}

/**
 * Closing a shift (issue 32): the drawer counted note by note (or as one total for a currency
 * whose notes are not listed), the counted total, the cash expected and the difference, short or
 * over, all shown before the cashier confirms; then the Z-report with its print, PDF and share.
 * The caller sends the close (`onConfirm`) and passes its answer as `closed`.
 */
export function CloseShiftModal({
  opened,
  onClose,
  current,
  closed,
  pending,
  onConfirm,
}: {
  opened: boolean;
  onClose: () => void;
  /** The open shift's figures as last known (its expected cash). */
  current: ShiftSummary;
  /** The close's answer: the Z-report is shown in place of the count. */
  closed: ShiftSummary | null;
  pending: boolean;
  onConfirm: (values: CloseShiftValues) => void;
}) {
  // On a phone the count has the whole screen: eleven rows and the figures under the thumb.
  const phone = usePhoneWidth();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={closed ? `Shift ${closed.shift.number} closed` : `Close shift ${current.shift.number}`}
      centered
      size="lg"
      fullScreen={phone}
    >
      {closed ? (
        <Stack gap="md">
          <ShiftReport summary={closed} />
          <ShiftReportActions summary={closed} />
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              Done
            </Button>
          </Group>
        </Stack>
      ) : (
        <CountForm current={current} pending={pending} onConfirm={onConfirm} onCancel={onClose} />
      )}
    </Modal>
  );
}

/** The count and the figures it gives; the close is sent only with a counted amount. */
export function CountForm({
  current,
  pending,
  onConfirm,
  onCancel,
}: {
  current: ShiftSummary;
  pending: boolean;
  onConfirm: (values: CloseShiftValues) => void;
  onCancel: () => void;
}) {
  const currency = current.currency;
  const count = useCashCount(currency);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const money = (minor: number) => formatMoney(minor, currency);
  const counted = count.total;
  const valid = counted !== null && Number.isFinite(counted);
  const expected = current.expected_cash;
  const difference = valid ? cashDifference(counted, expected) : null;
  const state = difference === null ? null : differenceState(difference);

  const confirm = () => {
    if (!valid) {
      setError(
        count.byNotes
          ? 'Count the notes and coins in the drawer (0 if it is empty).'
          : 'Type the cash counted in the drawer.',
      );
      return;
    }
    if (counted > MAX_SHIFT_AMOUNT) return setError('Counted cash is too large');
    const trimmed = note.trim();
    onConfirm({ counted_cash: counted, ...(trimmed ? { note: trimmed } : {}) });
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        confirm();
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          {count.byNotes
            ? 'Count the drawer: how many of each note and coin.'
            : 'Count the drawer and type the total.'}
        </Text>
        <CashCounter count={count} error={count.byNotes ? undefined : error} />
        {count.byNotes && error && !valid && (
          <Alert color="red" variant="light" p="xs">
            {error}
          </Alert>
        )}
        <Textarea
          label="Note"
          description="Optional: why the drawer is short or over, a handover."
          maxLength={500}
          minRows={2}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        {/* The figures and the confirm stay in view while the drawer is counted. */}
        <Box pos="sticky" bottom={0} pt="xs" pb={4} bg="var(--mantine-color-body)" style={{ zIndex: 1 }}>
          <Stack gap="sm">
            <Paper withBorder radius="md" p="sm" bg="gray.0" data-testid="close-figures">
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap">
                  <Text size="sm">Counted</Text>
                  <Text
                    size="sm"
                    fw={700}
                    data-testid="close-counted"
                    style={{ fontVariantNumeric: 'tabular-nums' }}
                  >
                    {valid ? money(counted) : '—'}
                  </Text>
                </Group>
                <Group justify="space-between" wrap="nowrap">
                  <Text size="sm">Expected</Text>
                  <Text
                    size="sm"
                    fw={700}
                    data-testid="close-expected"
                    style={{ fontVariantNumeric: 'tabular-nums' }}
                  >
                    {money(expected)}
                  </Text>
                </Group>
                <Group justify="space-between" wrap="nowrap">
                  <Text size="sm">Difference</Text>
                  <Text
                    size="sm"
                    fw={700}
                    c={state ? DIFFERENCE_COLOURS[state] : undefined}
                    data-testid="close-difference"
                    data-state={state ?? undefined}
                    style={{ fontVariantNumeric: 'tabular-nums' }}
                  >
                    {difference === null ? '—' : differenceText(difference, money)}
                  </Text>
                </Group>
              </Stack>
            </Paper>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onCancel}>
                Cancel
              </Button>
              <Button type="submit" color="red" loading={pending}>
                Close shift
              </Button>
            </Group>
          </Stack>
        </Box>
      </Stack>
    </form>
  );
}
