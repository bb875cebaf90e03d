import { Button, Divider, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileTypePdf, IconPrinter, IconShare } from '@tabler/icons-react';
import { shiftsRoutes } from '@tillbook/contract/route-refs';
import type { ShiftSummary } from '@tillbook/contract/shifts';
import { useState } from 'react';
import { downloadRoute, messageOf } from '../lib/api-client';
import { DIFFERENCE_COLOURS, differenceState, differenceText } from '../lib/cash-count';
import { useStoreLocale } from '../lib/current-user';
import { formatCount, formatDateTime, formatMoney } from '../lib/format';
import { PAYMENT_TYPE_LABELS } from '../lib/payment-types';
import { notify } from '../lib/toast';

const typeLabel = (type: string) => PAYMENT_TYPE_LABELS[type] ?? type.replace(/_/g, ' ');

/** One figure of the report: its name on the left, the amount on the right. */
function Line({
  label,
  value,
  strong,
  color,
}: {
  label: string;
  value: string;
  strong?: boolean;
  color?: string;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text
        size="sm"
        fw={strong ? 700 : undefined}
        c={color}
        ta="right"
        style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      >
        {value}
      </Text>
    </Group>
  );
}

/**
 * A shift's Z-report on screen (issue 32): the drawer (float, cash in and out, expected, counted,
 * difference), the takings by payment type with their counts, the sales, refunds and discounts,
 * and who opened and closed it. The printed copies are the server's PDF (`ShiftReportActions`).
 */
export function ShiftReport({ summary, withTitle = true }: { summary: ShiftSummary; withTitle?: boolean }) {
  const { timezone } = useStoreLocale();
  const money = (minor: number) => formatMoney(minor, summary.currency);
  const less = (minor: number) => (minor ? `−${money(minor)}` : money(0));
  const { shift } = summary;
  const state = summary.difference === null ? null : differenceState(summary.difference);
  return (
    <Stack gap="md" data-testid="z-report">
      <div>
        {withTitle && <Title order={4}>Shift {shift.number}</Title>}
        <Text size="sm" c="dimmed">
          Opened {formatDateTime(shift.opened_at, timezone)} by {summary.opened_by.name ?? 'a member'}
          {shift.closed_at
            ? ` · closed ${formatDateTime(shift.closed_at, timezone)} by ${summary.closed_by?.name ?? 'a member'}`
            : ' · still open'}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Paper withBorder radius="md" p="sm">
          <Stack gap={6} data-testid="z-report-drawer">
            <Text fw={700} size="sm">
              Cash drawer
            </Text>
            <Line label="Opening float" value={money(summary.opening_float)} />
            <Line label="Cash sales" value={money(summary.cash_sales)} />
            <Line label="Cash payments received" value={money(summary.cash_payments)} />
            <Line label="Cash refunds" value={less(summary.cash_refunds)} />
            <Line label="Pay-ins" value={money(summary.pay_ins)} />
            <Line label="Payouts" value={less(summary.pay_outs)} />
            <Divider />
            <Line label="Expected cash" value={money(summary.expected_cash)} strong />
            <Line
              label="Counted cash"
              value={summary.counted_cash === null ? '—' : money(summary.counted_cash)}
              strong
            />
            <Line
              label="Difference"
              value={summary.difference === null ? '—' : differenceText(summary.difference, money)}
              strong
              color={state ? DIFFERENCE_COLOURS[state] : undefined}
            />
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="sm">
          <Stack gap={6} data-testid="z-report-sales">
            <Text fw={700} size="sm">
              Sales
            </Text>
            <Line label={`Sales (${formatCount(summary.sales_count)})`} value={money(summary.sales_total)} />
            <Line
              label={`Refunds (${formatCount(summary.refunds_count)})`}
              value={less(summary.refunds_total)}
            />
            <Line label="Discounts given" value={money(summary.discounts)} />
          </Stack>
        </Paper>
      </SimpleGrid>
      <Paper withBorder radius="md" p="sm">
        <Text fw={700} size="sm" mb={6}>
          Takings by payment type
        </Text>
        <Table
          withRowBorders={false}
          verticalSpacing={4}
          horizontalSpacing={0}
          data-testid="z-report-takings"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Type</Table.Th>
              <Table.Th ta="right">Count</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {summary.takings.map((t) => (
              <Table.Tr key={t.payment_type}>
                <Table.Td>{typeLabel(t.payment_type)}</Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatCount(t.count)}
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {money(t.amount)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      {summary.movements.length > 0 && (
        <Paper withBorder radius="md" p="sm">
          <Text fw={700} size="sm" mb={6}>
            Pay-ins and payouts
          </Text>
          <Stack gap={4}>
            {summary.movements.map((m) => (
              <Line
                key={m.id}
                label={`${m.type === 'in' ? 'Pay-in' : 'Payout'}: ${m.reason}`}
                value={m.type === 'in' ? money(m.amount) : less(m.amount)}
              />
            ))}
          </Stack>
        </Paper>
      )}
      {shift.note && (
        <Text size="sm">
          <Text span fw={600}>
            Note:
          </Text>{' '}
          {shift.note}
        </Text>
      )}
    </Stack>
  );
}

/** The report as plain text, for sharing (a message, an email) or the clipboard. */
export function shiftReportText(summary: ShiftSummary, timezone?: string): string {
  const money = (minor: number) => formatMoney(minor, summary.currency);
  const { shift } = summary;
  const lines = [
    `Shift ${shift.number} (Z-report)`,
    `Opened ${formatDateTime(shift.opened_at, timezone)} by ${summary.opened_by.name ?? 'a member'}`,
    shift.closed_at
      ? `Closed ${formatDateTime(shift.closed_at, timezone)} by ${summary.closed_by?.name ?? 'a member'}`
      : 'Still open',
    '',
    `Opening float: ${money(summary.opening_float)}`,
    `Cash sales: ${money(summary.cash_sales)}`,
    `Cash payments received: ${money(summary.cash_payments)}`,
    `Cash refunds: −${money(summary.cash_refunds)}`,
    `Pay-ins: ${money(summary.pay_ins)}`,
    `Payouts: −${money(summary.pay_outs)}`,
    `Expected cash: ${money(summary.expected_cash)}`,
    `Counted cash: ${summary.counted_cash === null ? '—' : money(summary.counted_cash)}`,
    `Difference: ${summary.difference === null ? '—' : differenceText(summary.difference, money)}`,
    '',
    'Takings:',
    ...summary.takings.map((t) => `  ${typeLabel(t.payment_type)}: ${money(t.amount)} (${t.count})`),
    '',
    `Sales: ${summary.sales_count}, ${money(summary.sales_total)}`,
    `Refunds: ${summary.refunds_count}, ${money(summary.refunds_total)}`,
    `Discounts: ${money(summary.discounts)}`,
  ];
  return lines.join('\n');
}

/** Print 80 mm (the receipt roll's PDF), PDF (A4) and Share for a shift's report. */
export function ShiftReportActions({ summary }: { summary: ShiftSummary }) {
  const { timezone } = useStoreLocale();
  const [busy, setBusy] = useState<'receipt' | 'a4' | null>(null);
  const id = summary.shift.id;
  const download = async (layout: 'receipt' | 'a4') => {
    setBusy(layout);
    try {
      await downloadRoute(
        shiftsRoutes.report,
        { params: { id }, query: { format: 'pdf', layout } },
        `${summary.shift.number}${layout === 'receipt' ? '-80mm' : ''}.pdf`,
      );
    } catch (error) {
      notify.error(messageOf(error));
    } finally {
      setBusy(null);
    }
  };
  const share = async () => {
    const text = shiftReportText(summary, timezone);
    const title = `Shift ${summary.shift.number}`;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text });
        return;
      } catch (error) {
        // The person closed the share sheet: nothing to do.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(text);
      notify.success('The report is copied: paste it where you need it.');
    } catch {
      notify.error('The report could not be shared or copied on this device.');
    }
  };
  return (
    <Group gap="sm" grow preventGrowOverflow={false}>
      <Button
        variant="default"
        leftSection={<IconPrinter size={16} />}
        loading={busy === 'receipt'}
        onClick={() => void download('receipt')}
      >
        Print 80 mm
      </Button>
      <Button
        variant="default"
        leftSection={<IconFileTypePdf size={16} />}
        loading={busy === 'a4'}
        onClick={() => void download('a4')}
      >
        PDF (A4)
      </Button>
      <Button variant="default" leftSection={<IconShare size={16} />} onClick={() => void share()}>
        Share
      </Button>
    </Group>
  );
}
