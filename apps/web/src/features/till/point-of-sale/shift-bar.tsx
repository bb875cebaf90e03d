import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import type { ShiftSummary } from '@tillbook/contract/shifts';
import { lazy, memo, Suspense, useEffect, useState, type RefObject } from 'react';
import { useCurrentUser } from '../../../lib/current-user';
import { formatMoney } from '../../../lib/format';
import { loadWithRetry } from '../../../lib/lazy-screen';
import { useCurrentShift, useTillRules } from '../api/shift';

// The dialogs bring the contract's schemas: none of them is in the till's first load.
export const loadShiftModals = () => loadWithRetry(() => import('./shift-modals'));
const OpenShiftModal = lazy(async () => ({ default: (await loadShiftModals()).OpenShiftModal }));
const CashMovementModal = lazy(async () => ({ default: (await loadShiftModals()).CashMovementModal }));
const TillCloseShiftModal = lazy(async () => ({ default: (await loadShiftModals()).TillCloseShiftModal }));

/** The message above the float when the till asks for it before a sale. */
export const SHIFT_REQUIRED_TEXT = 'A shift must be open to sell: count the float in the drawer.';

/**
 * The till's shift (issue 32) for a cashier with `shifts.own`: the open shift as the device last
 * knew it (kept for offline), whether the store asks for one before a sale, and the dialogs.
 */
export function useTillShift(enabled: boolean) {
  const current = useCurrentShift(enabled);
  const rules = useTillRules(enabled);
  const [opening, setOpening] = useState<string | null | false>(false);
  const [moving, setMoving] = useState<'in' | 'out' | null>(null);
  // The figures as they were when Close was pressed: the dialog keeps them while the shift goes.
  const [closing, setClosing] = useState<ShiftSummary | null>(null);
  const shift = enabled ? (current.data ?? null) : null;
  return {
    enabled,
    /** Known (an answer now or kept from before). */
    known: enabled && current.data !== undefined,
    shift,
    required: enabled && rules.data?.shift_required === true,
    opening,
    moving,
    closing,
    open: (reason: string | null = null) => setOpening(reason),
    closeOpen: () => setOpening(false),
    payIn: () => setMoving('in'),
    payOut: () => setMoving('out'),
    closeMoving: () => setMoving(null),
    close: () => shift && setClosing(shift),
    closeClosing: () => setClosing(null),
  };
}

export type TillShift = ReturnType<typeof useTillShift>;

/**
 * The open shift above the till: its number, float and the cash expected so far, with Pay in,
 * Pay out and Close shift; without one, Open shift. Big enough for a thumb on a phone.
 */
export function ShiftBar({
  till,
  currency,
  phone,
  pending = false,
}: {
  till: TillShift;
  currency: string;
  phone: boolean;
  /** Not known yet: the bar's room is kept, empty, so the till below does not jump when it comes. */
  pending?: boolean;
}) {
  if (!pending && (!till.enabled || !till.known)) return null;
  const { shift } = till;
  if (pending || !shift) {
    const text = (
      <div>
        <Text size="sm" c={till.required ? undefined : 'dimmed'} fw={till.required ? 600 : undefined}>
          {till.required ? 'Open a shift to start selling' : 'No shift open'}
        </Text>
        <Text size="xs" c="dimmed">
          Count the cash in the drawer to start one
        </Text>
      </div>
    );
    const button = (
      <Button size="sm" leftSection={<IconCash size={16} />} onClick={() => till.open()} disabled={pending}>
        Open shift
      </Button>
    );
    return (
      <Paper
        withBorder
        radius="md"
        px="sm"
        py={8}
        data-testid={pending ? undefined : 'shift-bar'}
        aria-hidden={pending || undefined}
        style={pending ? { visibility: 'hidden' } : undefined}
      >
        {phone ? (
          // The same two rows as an open shift's bar: opening one moves nothing on the screen.
          <Stack gap={6}>
            {text}
            <Group grow>{button}</Group>
          </Stack>
        ) : (
          <Group justify="space-between" wrap="nowrap" gap="sm">
            {text}
            {button}
          </Group>
        )}
      </Paper>
    );
  }
  const money = (minor: number) => formatMoney(minor, shift.currency || currency);
  const info = (
    <div style={{ minWidth: 0 }}>
      <Text size="sm" fw={700} data-testid="shift-number">
        Shift {shift.shift.number}
      </Text>
      <Text size="xs" c="dimmed" data-testid="shift-float">
        Float {money(shift.opening_float)}
      </Text>
    </div>
  );
  const expected = (
    <div style={{ textAlign: 'right' }}>
      <Text size="xs" c="dimmed">
        Cash expected
      </Text>
      <Text size="sm" fw={700} data-testid="shift-expected" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {money(shift.expected_cash)}
      </Text>
    </div>
  );
  const buttons = [
    <Button key="in" size="sm" variant="default" px={8} onClick={till.payIn}>
      Pay in
    </Button>,
    <Button key="out" size="sm" variant="default" px={8} onClick={till.payOut}>
      Pay out
    </Button>,
    <Button key="close" size="sm" variant="outline" color="red" px={8} onClick={till.close}>
      Close shift
    </Button>,
  ];
  return (
    <Paper withBorder radius="md" px="sm" py={8} data-testid="shift-bar">
      {phone ? (
        // A phone: the figures, then three buttons across the screen for a thumb.
        <Stack gap={6}>
          <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
            {info}
            {expected}
          </Group>
          <Group gap="xs" grow wrap="nowrap">
            {buttons}
          </Group>
        </Stack>
      ) : (
        <Group justify="space-between" wrap="nowrap" gap="lg">
          {info}
          <Group gap="lg" wrap="nowrap">
            {expected}
            <Group gap="xs" wrap="nowrap">
              {buttons}
            </Group>
          </Group>
        </Group>
      )}
    </Paper>
  );
}

/**
 * The shift's dialogs, drawn while open (each opening starts empty, with a fresh
 * Idempotency-Key).
 */
export function ShiftDialogs({ till }: { till: TillShift }) {
  return (
    <Suspense fallback={null}>
      {till.opening !== false && (
        <OpenShiftModal reason={till.opening || null} onClose={till.closeOpen} onOpened={till.closeOpen} />
      )}
      {till.moving && till.shift && (
        <CashMovementModal
          key={till.moving}
          type={till.moving}
          shift={till.shift}
          onClose={till.closeMoving}
        />
      )}
      {till.closing && (
        <TillCloseShiftModal key={till.closing.shift.id} shift={till.closing} onClose={till.closeClosing} />
      )}
    </Suspense>
  );
}

/** What the till may ask of its shift area: the float dialog, before a sale when the store says so. */
export interface ShiftControl {
  open: (reason: string) => void;
}

/**
 * The shift's bar and dialogs as one part of the till with its own state: the shift's answers
 * arriving (and each sale's new figures) draw this part, not the whole till (decision 0023
 * addendum). The till reads the shift from the query cache when it sells, and opens the float
 * dialog through `controlRef`.
 */
export const TillShiftArea = memo(function TillShiftArea({
  currency,
  phone,
  controlRef,
}: {
  currency: string;
  phone: boolean;
  controlRef: RefObject<ShiftControl | null>;
}) {
  const user = useCurrentUser().data;
  const till = useTillShift(Boolean(user?.permissions.includes('shifts.own')));
  // Until the user and their shift are known, the bar's room is kept (no layout shift as it comes).
  const pending = user === undefined || (till.enabled && !till.known);
  const { open } = till;
  useEffect(() => {
    controlRef.current = { open };
    return () => {
      controlRef.current = null;
    };
  });
  return (
    <>
      <ShiftBar till={till} currency={currency} phone={phone} pending={pending} />
      <ShiftDialogs till={till} />
    </>
  );
});
