import { Badge, Grid, Group, Paper, SimpleGrid, Skeleton, Text, UnstyledButton } from '@mantine/core';
import {
  AGEING_BUCKETS,
  AGEING_LABELS,
  type AgeingBucket,
  type OwingSummary,
} from '@tillbook/contract/customer-accounts';
import type { ReactNode } from 'react';
import { messageOf } from '../lib/api-client';
import { useStoreLocale } from '../lib/current-user';
import { formatCount, formatMoney } from '../lib/format';
import { statusColours } from './status-badge';

/**
 * What a customer's account stands at, in words (decision 0065): a positive balance is owed to
 * the store, a negative one is credit the store holds for them.
 */
export function balanceWords(balance: number, currency: string): string {
  if (balance > 0) return `Owes ${formatMoney(balance, currency)}`;
  if (balance < 0) return `In credit ${formatMoney(-balance, currency)}`;
  return 'Owes nothing';
}

/** The balance as a small badge: red when owed, green when in credit; nothing when settled. */
export function BalanceBadge({ balance, currency }: { balance: number; currency?: string }) {
  const store = useStoreLocale();
  if (balance === 0) return null;
  const { color, background } = statusColours(balance > 0 ? 'unpaid' : 'paid');
  return (
    <Badge
      radius="sm"
      variant="filled"
      styles={{ root: { color, background, textTransform: 'none', fontVariantNumeric: 'tabular-nums' } }}
    >
      {balanceWords(balance, currency ?? store.currency)}
    </Badge>
  );
}

// Older debt reads warmer: grey, yellow, orange, red (each text colour at least 4.5:1 on its ground).
const BUCKET_COLOURS: Record<AgeingBucket, { color: string; background: string }> = {
  d0_30: statusColours('draft'),
  d31_60: statusColours('pending'),
  d61_90: { color: '#8A3F00', background: '#FFE3CC' },
  d90_plus: statusColours('failed'),
};

/** One bucket of what is owed: "31–60 days ₦4,500.00". */
export function AgeingChip({
  bucket,
  amount,
  currency,
}: {
  bucket: AgeingBucket;
  amount: number;
  currency: string;
}) {
  const { color, background } = BUCKET_COLOURS[bucket];
  return (
    <Badge
      radius="sm"
      variant="filled"
      data-bucket={bucket}
      styles={{ root: { color, background, textTransform: 'none', fontVariantNumeric: 'tabular-nums' } }}
    >
      {AGEING_LABELS[bucket]} {formatMoney(amount, currency)}
    </Badge>
  );
}

/** The buckets a customer owes in (the empty ones left out), oldest last. */
export function AgeingChips({
  ageing,
  currency,
}: {
  ageing: Record<AgeingBucket, number>;
  currency: string;
}) {
  const owed = AGEING_BUCKETS.filter((b) => ageing[b] > 0);
  if (owed.length === 0)
    return (
      <Text span size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Group gap={4} wrap="wrap">
      {owed.map((b) => (
        <AgeingChip key={b} bucket={b} amount={ageing[b]} currency={currency} />
      ))}
    </Group>
  );
}

/** One figure of the summary; a button that filters the list by its bucket when it can. */
function SummaryFigure({
  label,
  value,
  detail,
  pressed,
  onPress,
  bucket,
}: {
  label: string;
  value: string;
  detail?: ReactNode;
  pressed?: boolean;
  onPress?: () => void;
  bucket?: AgeingBucket;
}) {
  const body = (
    <Paper
      withBorder
      radius="md"
      p="sm"
      h="100%"
      style={pressed ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
    >
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text
        fz={{ base: 17, sm: 20 }}
        fw={700}
        lh={1.3}
        style={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
        data-testid={bucket ? `owing-${bucket}` : 'owing-total'}
      >
        {value}
      </Text>
      {detail && (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      )}
    </Paper>
  );
  if (!onPress) return body;
  return (
    <UnstyledButton
      onClick={onPress}
      // Its name is what it shows (the age and the amount); pressed, it filters the list.
      aria-pressed={pressed}
      w="100%"
      h="100%"
    >
      {body}
    </UnstyledButton>
  );
}

/**
 * What all customers owe, and by age (0–30, 31–60, 61–90, 90+ days by the sale's date). With
 * `onPick` each bucket filters the list below it (pressed again, it clears the filter).
 */
export function AgeingSummary({
  summary,
  loading,
  error,
  bucket,
  onPick,
}: {
  summary: OwingSummary | undefined;
  loading: boolean;
  error: unknown;
  bucket?: AgeingBucket;
  onPick?: (bucket: AgeingBucket | null) => void;
}) {
  if (error) {
    return (
      <Text size="sm" c="red.9" role="alert">
        {messageOf(error)}
      </Text>
    );
  }
  if (loading || !summary) {
    return (
      <SimpleGrid
        cols={{ base: 2, sm: 5 }}
        spacing="sm"
        role="status"
        aria-label="Loading what customers owe"
      >
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} height={72} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  const money = (v: number) => formatMoney(v, summary.currency);
  // On a phone the total takes the row and the buckets sit two by two; wider, five side by side.
  return (
    <Grid gap="sm" role="group" aria-label="What customers owe, by age">
      <Grid.Col span={{ base: 12, sm: 'auto' }}>
        <SummaryFigure
          label="Owed in all"
          value={money(summary.total)}
          detail={`${formatCount(summary.customers)} ${summary.customers === 1 ? 'customer' : 'customers'}`}
        />
      </Grid.Col>
      {AGEING_BUCKETS.map((b) => (
        <Grid.Col key={b} span={{ base: 6, sm: 'auto' }}>
          <SummaryFigure
            bucket={b}
            label={AGEING_LABELS[b]}
            value={money(summary.ageing[b])}
            pressed={onPick ? bucket === b : undefined}
            onPress={onPick ? () => onPick(bucket === b ? null : b) : undefined}
          />
        </Grid.Col>
      ))}
    </Grid>
  );
}
