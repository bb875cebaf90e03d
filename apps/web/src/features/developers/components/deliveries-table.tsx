import { Button, Code, Group, Modal, Stack, Table, Text } from '@mantine/core';
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENTS,
  webhookDeliveriesQuery,
  type WebhookDelivery,
} from '@tillbook/contract/webhooks';
import { useState } from 'react';
import { column, dateTimeColumn, statusColumn } from '../../../components/columns';
import { ListScreen } from '../../../components/list-screen';
import { DateTime } from '../../../components/money';
import { Section } from '../../../components/states';
import { StatusBadge } from '../../../components/status-badge';
import { capitalised, FilterSelect, filterChips } from '../../../components/table-filters';
import { messageOf } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useListState } from '../../../lib/use-list-state';
import { useResendDelivery, useWebhookDeliveries } from '../api/webhooks';

const lastAttempt = (d: WebhookDelivery) => {
  const a = d.attempt_log[0];
  if (!a) return 'Not sent yet';
  return a.status_code !== null ? `HTTP ${a.status_code} in ${a.duration_ms} ms` : (a.error ?? 'No answer');
};

function SendAgain({ delivery, size = 'xs' }: { delivery: WebhookDelivery; size?: 'xs' | 'sm' }) {
  const resend = useResendDelivery();
  return (
    <Button
      size={size}
      variant="light"
      loading={resend.isPending}
      aria-label={`Send again ${delivery.event} ${delivery.id}`}
      onClick={(e) => {
        e.stopPropagation();
        void resend.mutateAsync(delivery.id).then(
          () => notify.success('Delivery queued to be sent again'),
          (error: unknown) => notify.error(messageOf(error)),
        );
      }}
    >
      Send again
    </Button>
  );
}

/** One delivery: its attempts (time, answer, error, duration) and the body sent. */
function DeliveryModal({ delivery, onClose }: { delivery: WebhookDelivery | null; onClose: () => void }) {
  return (
    <Modal opened={delivery !== null} onClose={onClose} title="Delivery" size="xl" centered>
      {delivery && (
        <Stack>
          <Group justify="space-between">
            <Stack gap={2}>
              <Text fw={600}>{delivery.event}</Text>
              <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
                {delivery.endpoint_url}
              </Text>
            </Stack>
            <Group gap="xs">
              <StatusBadge status={delivery.status} />
              <SendAgain delivery={delivery} size="sm" />
            </Group>
          </Group>
          {delivery.next_attempt_at && (
            <Text size="sm">
              Next try <DateTime iso={delivery.next_attempt_at} />
            </Text>
          )}
          <Text fw={600} size="sm">
            Attempts ({delivery.attempt_log.length})
          </Text>
          {delivery.attempt_log.length ? (
            <Table.ScrollContainer minWidth={480}>
              <Table aria-label="Attempts">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Time</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Duration</Table.Th>
                    <Table.Th>Error</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {delivery.attempt_log.map((a) => (
                    <Table.Tr key={a.id}>
                      <Table.Td>
                        <DateTime iso={a.attempted_at} />
                      </Table.Td>
                      <Table.Td>{a.status_code ?? '—'}</Table.Td>
                      <Table.Td>{a.duration_ms} ms</Table.Td>
                      <Table.Td style={{ wordBreak: 'break-word' }}>{a.error ?? '—'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : (
            <Text size="sm" c="dimmed">
              Not sent yet: it goes out within a few seconds.
            </Text>
          )}
          <Text fw={600} size="sm">
            Body
          </Text>
          <Code block style={{ maxHeight: 240, overflow: 'auto' }}>
            {JSON.stringify(JSON.parse(delivery.payload), null, 2)}
          </Code>
        </Stack>
      )}
    </Modal>
  );
}

const COLUMNS = [
  dateTimeColumn<WebhookDelivery>('created', 'Time', (d) => d.created_at),
  column<WebhookDelivery>('event', 'Event', (d) => d.event),
  statusColumn<WebhookDelivery>((d) => d.status),
  column<WebhookDelivery>('attempts', 'Attempts', (d) => (
    <Stack gap={0}>
      <Text size="sm">{d.attempts}</Text>
      <Text size="xs" c="dimmed">
        {lastAttempt(d)}
      </Text>
    </Stack>
  )),
  column<WebhookDelivery>(
    'endpoint',
    'Endpoint',
    (d) => (
      <Text size="sm" style={{ wordBreak: 'break-all' }}>
        {d.endpoint_url}
      </Text>
    ),
    { wrap: true },
  ),
  column<WebhookDelivery>('actions', '', (d) => <SendAgain delivery={d} />),
];

/** Every delivery, newest first, filtered by status and event; a row opens its attempts. */
export function DeliveriesTable() {
  const state = useListState('deliveries', webhookDeliveriesQuery, '');
  const list = useWebhookDeliveries(state.query);
  const [openId, setOpenId] = useState<string | null>(null);
  const open = list.data?.data.find((d) => d.id === openId) ?? null;

  return (
    <Section
      title="Deliveries"
      description="Each event sent to each endpoint, with every attempt. Open one to see its attempts."
    >
      <ListScreen
        label="Webhook deliveries"
        state={state}
        search={false}
        filters={{
          content: (
            <>
              <FilterSelect
                state={state}
                name="status"
                label="Status"
                data={WEBHOOK_DELIVERY_STATUSES.map((s) => ({ value: s, label: capitalised(s) }))}
              />
              <FilterSelect state={state} name="event" label="Event" data={[...WEBHOOK_EVENTS]} />
            </>
          ),
          chips: filterChips(state, {
            status: (v) => `Status: ${capitalised(v)}`,
            event: (v) => `Event: ${v}`,
          }),
        }}
        list={list}
        columns={COLUMNS}
        onRowClick={(d) => setOpenId(d.id)}
        noun="deliveries"
        noMatch={{ description: 'Clear the filters to see every delivery.' }}
        empty={{
          description:
            'When an event happens (a sale, a refund, a payment …) its delivery to each endpoint shows here.',
        }}
      />
      <DeliveryModal delivery={open} onClose={() => setOpenId(null)} />
    </Section>
  );
}
