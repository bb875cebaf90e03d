import { Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { messageOf } from '../lib/api-client';
import { formatChange } from '../lib/format';
import { statusColours } from './status-badge';

/**
 * The change against a previous figure: green and up when it grew, red and down when it fell
 * (the text says it too, so the colour is not the only sign).
 */
export function ChangeBadge({
  percent: given,
  against,
  upIsBad = false,
  current,
  previous,
}: {
  /** The change in percent; null when the previous figure was zero. */
  percent: number | null;
  against: string;
  /** Refunds and discounts: more is worse, so up is red. */
  upIsBad?: boolean;
  /** The two figures, when known: equal figures are no change, even from zero. */
  current?: number;
  previous?: number;
}) {
  const percent = current !== undefined && current === previous ? 0 : given;
  const up = percent === null || percent > 0;
  const flat = percent === 0;
  const good = up !== upIsBad;
  const { color, background } = statusColours(flat ? 'draft' : good ? 'success' : 'failed');
  const Icon = up ? IconArrowUpRight : IconArrowDownRight;
  // From nothing there is no percentage to give.
  const text = percent === null ? 'Up from zero' : `${formatChange(percent)}${against ? ` ${against}` : ''}`;
  return (
    <Badge
      radius="sm"
      variant="filled"
      // The status badges' shades, which read at 4.5:1 (Mantine's light badges do not).
      styles={{ root: { color, background, textTransform: 'none', flexShrink: 0 } }}
      leftSection={flat ? null : <Icon size={12} aria-hidden />}
    >
      {text}
    </Badge>
  );
}

interface Loadable {
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
}

/** A failure inside a card: the message and a retry, without taking the screen down. */
function CardError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <Stack gap={6} align="flex-start" role="alert">
      <Text size="sm" c="red.9">
        {messageOf(error)}
      </Text>
      {onRetry && (
        <Button size="compact-xs" variant="outline" color="red" onClick={onRetry}>
          Try again
        </Button>
      )}
    </Stack>
  );
}

/**
 * One figure (total sales, orders, customers): its own loading, error and empty state, and a
 * link to the records behind it.
 */
export function StatCard({
  label,
  value,
  loading,
  error,
  onRetry,
  footer,
  to,
  linkLabel,
  icon,
}: Loadable & {
  label: string;
  value: ReactNode;
  footer?: ReactNode;
  to?: string;
  linkLabel?: string;
  icon?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={`stat-${label}`}>
      <Stack gap={6} h="100%">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          {icon}
        </Group>
        {loading ? (
          <Stack gap={6} role="status" aria-label={`Loading ${label.toLowerCase()}`}>
            <Skeleton height={28} width="70%" />
            <Skeleton height={14} width="50%" />
          </Stack>
        ) : error ? (
          <CardError error={error} onRetry={onRetry} />
        ) : (
          <>
            <Text
              fz={{ base: 20, sm: 22 }}
              fw={700}
              lh={1.2}
              // Amounts break only when they cannot fit, never inside a short one.
              style={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'break-word' }}
              aria-label={label}
              role="status"
            >
              {value}
            </Text>
            {footer}
          </>
        )}
        {to && !loading && !error && (
          <Anchor component={Link} to={to} size="xs" mt="auto">
            {linkLabel ?? 'View'}
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * A titled card holding a list or a chart (top customers, recent orders): loading skeleton,
 * error with retry, or a sentence when there is nothing to show yet.
 */
export function WidgetCard({
  title,
  loading,
  error,
  onRetry,
  empty,
  isEmpty,
  actions,
  children,
  skeletonRows = 4,
}: Loadable & {
  title: string;
  /** What to say when there is nothing yet (and the main action). */
  empty: ReactNode;
  isEmpty?: boolean;
  actions?: ReactNode;
  children?: ReactNode;
  skeletonRows?: number;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm" gap="xs" wrap="wrap">
        <Title order={3} fz="md">
          {title}
        </Title>
        {actions}
      </Group>
      {loading ? (
        <Stack gap="xs" role="status" aria-label={`Loading ${title.toLowerCase()}`}>
          {Array.from({ length: skeletonRows }, (_, i) => (
            <Skeleton key={i} height={28} radius="sm" />
          ))}
        </Stack>
      ) : error ? (
        <CardError error={error} onRetry={onRetry} />
      ) : isEmpty ? (
        <Stack gap="xs" py="md" align="center" ta="center">
          {empty}
        </Stack>
      ) : (
        children
      )}
    </Paper>
  );
}
