import { Group, NumberInput, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { countedTotal, denominationsOf, type CoinCounts } from '../lib/cash-count';
import { formatMoney } from '../lib/format';
import { MoneyInput } from './money-input';

/** A note or coin as the drawer shows it: ₦1,000 for a note, ₦0.50 for 50 kobo. */
export const denominationLabel = (value: number, currency: string) =>
  formatMoney(value, currency).replace(/\.00$/, '');

/**
 * The drawer's count: how many of each note and coin (the store's currency), or one typed total
 * for a currency whose notes are not listed. `total` is null until something is counted.
 */
export function useCashCount(currency: string) {
  const denominations = denominationsOf(currency);
  const [counts, setCounts] = useState<CoinCounts>({});
  const [typed, setTyped] = useState<number | null>(null);
  const byNotes = denominations.length > 0;
  const anyCounted = Object.values(counts).some((c) => c !== '');
  const total = byNotes ? (anyCounted ? countedTotal(counts, denominations) : null) : typed;
  return {
    currency,
    denominations,
    counts,
    setCount: (value: number, count: number | '') => setCounts((c) => ({ ...c, [value]: count })),
    typed,
    setTyped,
    byNotes,
    /** The counted cash in minor units; null before anything is counted (NaN: not an amount). */
    total,
  };
}

export type CashCount = ReturnType<typeof useCashCount>;

/**
 * The note-and-coin counter (issue 32): a row per note and coin, largest first, with a box for
 * how many and the row's amount; big boxes with a number pad, for one thumb on a phone.
 */
export function CashCounter({ count, error }: { count: CashCount; error?: string }) {
  const { currency, denominations } = count;
  if (!count.byNotes) {
    return (
      <MoneyInput
        label="Cash counted"
        description="Count every note and coin in the drawer and type the total."
        currency={currency}
        value={count.typed}
        onChange={count.setTyped}
        error={error}
        size="md"
        data-autofocus
      />
    );
  }
  return (
    <Paper withBorder radius="md" p="xs">
      <Stack gap={6} role="group" aria-label="Notes and coins counted">
        {denominations.map((value, n) => {
          const label = denominationLabel(value, currency);
          const pieces = count.counts[value] ?? '';
          return (
            <Group key={value} gap="xs" wrap="nowrap" justify="space-between">
              <Text size="sm" fw={600} w={72} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {label}
              </Text>
              <Text size="sm" c="dimmed" aria-hidden>
                ×
              </Text>
              <NumberInput
                aria-label={`How many ${label}`}
                value={pieces}
                onChange={(v) => count.setCount(value, v === '' ? '' : Number(v))}
                min={0}
                max={1_000_000}
                allowDecimal={false}
                allowNegative={false}
                hideControls
                inputMode="numeric"
                placeholder="0"
                w={84}
                size="sm"
                data-autofocus={n === 0 || undefined}
              />
              <Text
                size="sm"
                ta="right"
                style={{ flex: 1, fontVariantNumeric: 'tabular-nums' }}
                data-testid={`counted-${value}`}
              >
                {typeof pieces === 'number' && pieces > 0 ? formatMoney(value * pieces, currency) : '—'}
              </Text>
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}
