import { Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconCloudOff, IconRefresh, IconWifi } from '@tabler/icons-react';
import { useState } from 'react';
import { DateTime } from '../../../components/money';
import type { OutboxSale } from '../../../lib/till-db';
import { ReadyShares } from './ready-shares';
import type { OfflineTill } from './use-offline-till';

const STATE_TEXT: Record<OutboxSale['state'], string> = {
  queued: 'Waiting to be sent',
  sending: 'Sending…',
  sent: 'Sent',
  needs_decision: 'Needs a decision',
};

const STATE_COLOUR: Record<OutboxSale['state'], string> = {
  queued: 'yellow',
  sending: 'blue',
  sent: 'green',
  needs_decision: 'red',
};

/** What a sale's row says once the store has it, or why it waits. */
function outcome(sale: OutboxSale): string {
  if (sale.state === 'needs_decision') return sale.error ?? 'The store refused it';
  if (sale.state !== 'sent')
    return [
      sale.error,
      sale.share?.state === 'waiting'
        ? `receipt for ${sale.share.channel === 'sms' ? 'SMS' : 'WhatsApp'} queued`
        : null,
    ]
      .filter(Boolean)
      .join(' · ');
  const review = sale.offlineState === 'needs_review' ? ' · needs review' : '';
  const customer = sale.customerNote ? ` · ${sale.customerNote}` : '';
  const share =
    sale.share?.state === 'waiting'
      ? ` · receipt waits to be shared${sale.share.error ? ` (${sale.share.error})` : ''}`
      : '';
  return `${sale.orderNumber ?? ''}${review}${sale.issues.length ? ` · ${sale.issues.join(' ')}` : ''}${customer}${share}`;
}

/**
 * The till's connection and its queue (decision 0036): online or offline, how many sales wait
 * and in what state, "Retry now", and each sale made offline with what the store made of it.
 */
export function OfflineBar({ till }: { till: OfflineTill }) {
  const [open, setOpen] = useState(false);
  const waiting = till.unsent.length;
  const newCustomers = till.customersWaiting.length;
  const decisions = till.sales.filter(
    (s) => s.state === 'needs_decision' || (s.state === 'sent' && s.offlineState === 'needs_review'),
  ).length;
  const shown = [...till.sales].reverse().slice(0, 20);
  return (
    <Paper withBorder radius="md" p="sm" aria-label="Till connection">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          {till.online ? (
            <Badge color="green" variant="light" leftSection={<IconWifi size={12} />}>
              Online
            </Badge>
          ) : (
            <Badge color="red" variant="filled" leftSection={<IconCloudOff size={12} />}>
              Offline
            </Badge>
          )}
          <Text size="sm" aria-live="polite" data-testid="queued-sales">
            {waiting === 0
              ? 'No sales waiting'
              : `${waiting} ${waiting === 1 ? 'sale' : 'sales'} waiting to be sent`}
            {decisions > 0 ? ` · ${decisions} ${decisions === 1 ? 'needs' : 'need'} a decision` : ''}
            {newCustomers > 0
              ? ` · ${newCustomers} new ${newCustomers === 1 ? 'customer' : 'customers'} waiting`
              : ''}
          </Text>
          {till.customersRefused.map((c) => (
            <Text key={c.key} size="xs" c="red">
              {`${c.body.first_name} ${c.body.last_name}`.trim()} could not be added: {c.error}
            </Text>
          ))}
          {!till.online && (
            <Text size="xs" c="dimmed">
              Selling from this till’s copy of the catalogue
              {till.syncedAt ? (
                <>
                  {' '}
                  (updated <DateTime iso={till.syncedAt} />)
                </>
              ) : null}
            </Text>
          )}
        </Group>
        <Group gap="xs">
          {till.sales.length > 0 && (
            <Button size="xs" variant="default" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
              {open ? 'Hide offline sales' : 'Offline sales'}
            </Button>
          )}
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRefresh size={14} />}
            disabled={!till.online || waiting + newCustomers === 0}
            loading={till.busy}
            onClick={() => void till.retry()}
          >
            Retry now
          </Button>
        </Group>
      </Group>
      {till.offlineUntil !== null && (
        <Text size="sm" mt="xs" role="status">
          Your session has ended, and this till keeps selling offline until{' '}
          <DateTime iso={new Date(till.offlineUntil).toISOString()} />. When the internet is back, sign in
          again: the sales waiting here are sent then.
        </Text>
      )}
      <ReadyShares sales={till.sales} />
      {open && (
        <Stack gap={4} mt="sm">
          <Table.ScrollContainer minWidth={480}>
            <Table striped aria-label="Offline sales">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Offline number</Table.Th>
                  <Table.Th>Sold</Table.Th>
                  <Table.Th>State</Table.Th>
                  <Table.Th>Order</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((s) => (
                  <Table.Tr key={s.key}>
                    <Table.Td>{s.offlineNumber ?? 'Sold online'}</Table.Td>
                    <Table.Td>
                      <DateTime iso={s.soldAt} />
                    </Table.Td>
                    <Table.Td>
                      <Badge color={STATE_COLOUR[s.state]} variant="light">
                        {STATE_TEXT[s.state]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs">{outcome(s)}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </Paper>
  );
}
