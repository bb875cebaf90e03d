import { Badge, Button, Drawer, Group, Paper, Radio, Stack, Text } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import type { IncomingTransfer } from '@tillbook/contract/till-transfers';
import { useState } from 'react';
import { messageOf } from '../../../lib/api-client';
import { useCan } from '../../../lib/current-user';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import { useIgnoreTransfer, useMatchTransfer, useTransferQueue } from '../api/transfers';
import { newKey } from './use-pos-cart';

/** One transfer of the queue: who paid what and when, and the sales it could pay. */
function QueueItem({ transfer, currency }: { transfer: IncomingTransfer; currency: string }) {
  const [orderId, setOrderId] = useState<string | null>(transfer.candidates[0]?.order_id ?? null);
  // One key per transfer on screen: a double tap (or a retry after a lost answer) matches once.
  const [key] = useState(newKey);
  const match = useMatchTransfer({
    onSuccess: (answer) =>
      notify.success(
        `Matched to ${answer.data.order_number ?? 'the sale'}: ${formatMoney(transfer.amount, currency)}`,
      ),
    onError: (error) => notify.error(messageOf(error)),
  });
  const ignore = useIgnoreTransfer({
    onSuccess: () => notify.success('Left as a deposit'),
    onError: (error) => notify.error(messageOf(error)),
  });
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      role="region"
      aria-label={`Transfer of ${formatMoney(transfer.amount, currency)}`}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700} fz="lg">
            {formatMoney(transfer.amount, currency)}
          </Text>
          <Badge color={transfer.state === 'ambiguous' ? 'orange' : 'gray'} variant="light">
            {transfer.state === 'ambiguous' ? 'Which sale?' : 'No sale waited'}
          </Badge>
        </Group>
        <Text size="sm">
          From {transfer.payer_name ?? 'an unnamed payer'} · {formatDateTime(transfer.received_at)}
        </Text>
        {transfer.candidates.length > 0 ? (
          <Radio.Group value={orderId} onChange={setOrderId} label="Sales it could pay">
            <Stack gap={6} mt={4}>
              {transfer.candidates.map((c) => (
                <Radio
                  key={c.order_id}
                  value={c.order_id}
                  label={`${c.order_number} · ${formatMoney(c.amount, currency)}${
                    c.created_by_name ? ` · ${c.created_by_name}` : ''
                  } · ${formatDateTime(c.created_at)}`}
                />
              ))}
            </Stack>
          </Radio.Group>
        ) : (
          <Text size="sm" c="dimmed">
            No sale is waiting for a transfer it could pay.
          </Text>
        )}
        <Group grow>
          <Button
            variant="default"
            loading={ignore.isPending}
            disabled={match.isPending}
            onClick={() => ignore.mutate(transfer.id)}
          >
            Leave as deposit
          </Button>
          <Button
            disabled={!orderId || ignore.isPending}
            loading={match.isPending}
            onClick={() => orderId && match.mutate({ id: transfer.id, order_id: orderId, key })}
          >
            Match
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * The "match it" queue (decision 0065): transfers into the store account that could be more than
 * one waiting sale, or that no sale waited for. Shown to those who record payments, while
 * transfers wait: an empty queue asks nothing of the cashier, and a button that came once the
 * member's record had loaded pushed the whole till down on every cold open (a layout shift of
 * 0.22, Lighthouse's CLS). The drawer is drawn when first opened (`useOpenedOnce`).
 */
export function MatchQueueButton({ phone, currency }: { phone: boolean; currency: string }) {
  const allowed = useCan('payments.record');
  const queue = useTransferQueue(allowed);
  const [opened, setOpened] = useState(false);
  const drawn = useOpenedOnce(opened);
  const items = queue.data ?? [];
  // Kept while open, so the drawer can say the last transfer was matched.
  if (!allowed || (items.length === 0 && !opened)) return null;
  return (
    <>
      <Button
        variant="default"
        size={phone ? 'compact-sm' : 'sm'}
        leftSection={<IconArrowsExchange size={16} />}
        rightSection={
          items.length > 0 ? (
            <Badge size="sm" color="orange" circle>
              {items.length}
            </Badge>
          ) : undefined
        }
        onClick={() => setOpened(true)}
        aria-label={`Match it: ${items.length} ${items.length === 1 ? 'transfer' : 'transfers'} to match`}
      >
        Match it
      </Button>
      {drawn && (
        <Drawer
          opened={opened}
          onClose={() => setOpened(false)}
          position={phone ? 'bottom' : 'right'}
          size={phone ? '85%' : 'md'}
          title={<Text fw={600}>Transfers to match</Text>}
        >
          <Stack gap="sm">
            {queue.isError && <Text c="red">{messageOf(queue.error)}</Text>}
            {queue.isSuccess && items.length === 0 && (
              <Text c="dimmed">
                Every transfer is matched. Transfers no sale could be told apart for show here.
              </Text>
            )}
            {items.map((t) => (
              <QueueItem key={t.id} transfer={t} currency={currency} />
            ))}
          </Stack>
        </Drawer>
      )}
    </>
  );
}
