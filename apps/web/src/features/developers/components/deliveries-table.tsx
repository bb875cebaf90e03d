import { Button, Code, Group, Modal, Stack, Table, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS, type WebhookDelivery } from '@tillbook/contract/webhooks';
import { useMemo, useState } from 'react';
import { DataTable } from '../../../components/data-table';
import { listTableProps } from '../../../components/list-screen';
import { DateTime } from '../../../components/money';
import { ListToolbar } from '../../../components/page-header';
import { EmptyState, NoMatches, Section } from '../../../components/states';
import { StatusBadge } from '../../../components/status-badge';
import { capitalised, FilterSelect, filterChips } from '../../../components/table-filters';
import { messageOf } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useTableState } from '../../../lib/use-table-state';
import { useResendDelivery, useWebhookDeliveries, type DeliveryFilters } from '../api/webhooks';

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

/** Every delivery, newest first, filtered by status and event; a row opens its attempts. */
export function DeliveriesTable() {
  const state = useTableState('deliveries', ['status', 'event']);
  const f = state.filters;
  const filters: DeliveryFilters = {
    page: state.page,
    perPage: state.perPage,
    status: (f.status as DeliveryFilters['status']) || undefined,
    event: (f.event as DeliveryFilters['event']) || undefined,
  };
  const list = useWebhookDeliveries(filters);
  const [openId, setOpenId] = useState<string | null>(null);
  const open = list.data?.data.find((d) => d.id === openId) ?? null;

  const columns = useMemo<ColumnDef<WebhookDelivery, unknown>[]>(
    () => [
      {
        id: 'created',
        header: 'Time',
        enableSorting: false,
        cell: ({ row }) => <DateTime iso={row.original.created_at} />,
      },
      { id: 'event', header: 'Event', enableSorting: false, cell: ({ row }) => row.original.event },
      {
        id: 'status',
        header: 'Status',
        enableSorting: false,
        cell: ({ row }) => <StatusBadge status={row.original.status} />,
      },
      {
        id: 'attempts',
        header: 'Attempts',
        enableSorting: false,
        cell: ({ row }) => (
          <Stack gap={0}>
            <Text size="sm">{row.original.attempts}</Text>
            <Text size="xs" c="dimmed">
              {lastAttempt(row.original)}
            </Text>
          </Stack>
        ),
      },
      {
        id: 'endpoint',
        header: 'Endpoint',
        enableSorting: false,
        cell: ({ row }) => (
          <Text size="sm" style={{ wordBreak: 'break-all' }}>
            {row.original.endpoint_url}
          </Text>
        ),
        meta: { wrap: true },
      },
      {
        id: 'actions',
        header: '',
        enableSorting: false,
        cell: ({ row }) => <SendAgain delivery={row.original} />,
      },
    ],
    [],
  );

  const chips = filterChips(state, {
    status: (v) => `Status: ${capitalised(v)}`,
    event: (v) => `Event: ${v}`,
  });

  return (
    <Section
      title="Deliveries"
      description="Each event sent to each endpoint, with every attempt. Open one to see its attempts."
    >
      <Stack gap="sm">
        <ListToolbar
          filters={{
            content: (
              <Stack gap="xs">
                <FilterSelect
                  state={state}
                  name="status"
                  label="Status"
                  data={WEBHOOK_DELIVERY_STATUSES.map((s) => ({ value: s, label: capitalised(s) }))}
                />
                <FilterSelect state={state} name="event" label="Event" data={[...WEBHOOK_EVENTS]} />
              </Stack>
            ),
            chips,
          }}
        />
        <DataTable
          label="Webhook deliveries"
          columns={columns}
          {...listTableProps(list)}
          state={state}
          getRowId={(d) => d.id}
          onRowClick={(d) => setOpenId(d.id)}
          empty={
            chips.length ? (
              <NoMatches
                title="No deliveries match"
                description="Clear the filters to see every delivery."
                onClear={() => state.clearFilters()}
              />
            ) : (
              <EmptyState
                title="No deliveries yet"
                description="When an event happens (a sale, a refund, a payment …) its delivery to each endpoint shows here."
              />
            )
          }
        />
      </Stack>
      <DeliveryModal delivery={open} onClose={() => setOpenId(null)} />
    </Section>
  );
}
