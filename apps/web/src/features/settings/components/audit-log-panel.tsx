import {
  Badge,
  Button,
  Code,
  Drawer,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { AUDIT_ENTITIES, auditListQuery, type AuditEntry } from '@tillbook/contract/audits';
import { useState } from 'react';
import { auditsRoutes } from '@tillbook/contract/route-refs';
import { column, dateTimeColumn } from '../../../components/columns';
import { ListScreen } from '../../../components/list-screen';
import { DateTime } from '../../../components/money';
import { ErrorState, LoadingState, Section } from '../../../components/states';
import { downloadRoute } from '../../../lib/api-client';
import { useListState } from '../../../lib/use-list-state';
import { useAudit } from '../api/get-audit';
import { useAudits } from '../api/list-audits';
import { DATE_CHIPS, DateRangeFilter, filterChips } from '../../../components/table-filters';

const ENTITIES = Object.entries(AUDIT_ENTITIES)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label));

/** The merchant's name for a kind of record; an unknown kind shows as stored. */
const entityLabel = (entity: string) => (AUDIT_ENTITIES as Record<string, string>)[entity] ?? entity;

const COLUMNS = [
  dateTimeColumn<AuditEntry>('created_at', 'When', (a) => a.created_at),
  column<AuditEntry>('actor', 'Who', (a) => a.actor_name ?? a.actor_type),
  column<AuditEntry>('action', 'Action', (a) => (
    <Badge variant="light" radius="sm" tt="none">
      {a.action}
    </Badge>
  )),
  column<AuditEntry>('summary', 'Summary', (a) => a.summary, { wrap: true }),
];

function show(value: unknown): string {
  if (value === undefined) return '—';
  if (value === null) return 'empty';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The changed fields side by side: before and after. */
export function ChangeTable({ before, after }: { before: AuditEntry['before']; after: AuditEntry['after'] }) {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (!keys.length)
    return (
      <Text size="sm" c="dimmed">
        No field changes were recorded for this action.
      </Text>
    );
  return (
    <Table withTableBorder withColumnBorders fz="sm" aria-label="Changes">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Field</Table.Th>
          <Table.Th>Before</Table.Th>
          <Table.Th>After</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {keys.map((key) => {
          const b = before?.[key];
          const a = after?.[key];
          const changed = show(a) !== show(b);
          return (
            <Table.Tr key={key} bg={changed ? '#FEF4D1' : undefined}>
              <Table.Td>
                <Code>{key}</Code>
              </Table.Td>
              <Table.Td style={{ wordBreak: 'break-word' }}>{before ? show(b) : '—'}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-word' }}>{after ? show(a) : '—'}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

function AuditDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const entry = useAudit(id);
  return (
    <Drawer opened={id !== null} onClose={onClose} title="Audit entry" position="right" size="lg">
      {entry.isPending ? (
        <LoadingState rows={4} />
      ) : entry.isError ? (
        <ErrorState error={entry.error} onRetry={() => void entry.refetch()} />
      ) : (
        <Stack>
          <Text fw={600}>{entry.data.summary}</Text>
          <SimpleGrid cols={2} spacing="xs">
            <Text size="sm" c="dimmed">
              When
            </Text>
            <Text size="sm">
              <DateTime iso={entry.data.created_at} />
            </Text>
            <Text size="sm" c="dimmed">
              Who
            </Text>
            <Text size="sm">{entry.data.actor_name ?? entry.data.actor_type}</Text>
            <Text size="sm" c="dimmed">
              Action
            </Text>
            <Text size="sm">
              <Code>{entry.data.action}</Code>
            </Text>
            <Text size="sm" c="dimmed">
              Record
            </Text>
            <Text size="sm">
              {entityLabel(entry.data.entity)}
              {entry.data.entity_id ? ` · ${entry.data.entity_id}` : ''}
            </Text>
            <Text size="sm" c="dimmed">
              IP address
            </Text>
            <Text size="sm">{entry.data.ip ?? '—'}</Text>
            <Text size="sm" c="dimmed">
              Device
            </Text>
            <Text size="sm" lineClamp={2}>
              {entry.data.user_agent ?? '—'}
            </Text>
          </SimpleGrid>
          <Text fw={600} size="sm" mt="sm">
            Changes
          </Text>
          <ChangeTable before={entry.data.before} after={entry.data.after} />
        </Stack>
      )}
    </Drawer>
  );
}

export function AuditLogPanel() {
  const state = useListState('audits', auditListQuery, 'Search actions, people, records');
  const [open, setOpen] = useState<string | null>(null);
  const audits = useAudits(state.query);

  const chips = filterChips(state, {
    action: (v) => `Action: ${v}`,
    entity: (v) => `Record: ${entityLabel(v)}`,
    ...DATE_CHIPS,
  });

  return (
    <Section
      title="Audit log"
      description="Every change made in this store: who, what, when, and the values before and after."
    >
      <ListScreen
        label="Audit log"
        state={state}
        filters={{
          chips,
          content: (
            <Stack gap="sm">
              <TextInput
                label="Action"
                placeholder="member.invited"
                defaultValue={state.filters.action ?? ''}
                onBlur={(e) => state.setFilter('action', e.currentTarget.value.trim() || null)}
              />
              <Select
                label="Record"
                data={ENTITIES}
                clearable
                value={state.filters.entity ?? null}
                onChange={(v) => state.setFilter('entity', v)}
                comboboxProps={{ withinPortal: false }}
              />
              <Group grow>
                <DateRangeFilter state={state} />
              </Group>
              <Button variant="subtle" size="xs" onClick={state.clearFilters} disabled={!chips.length}>
                Clear filters
              </Button>
            </Stack>
          ),
        }}
        onExport={() => downloadRoute(auditsRoutes.export, { query: state.exportQuery }, 'audit-log.csv')}
        list={audits}
        loading={audits.isFetching}
        columns={COLUMNS}
        onRowClick={(a) => setOpen(a.id)}
        noun="activity"
        noMatch={{
          title: 'Nothing matches',
          description: 'Try another search or clear the filters.',
          clearLabel: false,
        }}
        empty={{ title: 'No activity yet', description: 'Changes made in this store will show here.' }}
      />
      <AuditDrawer id={open} onClose={() => setOpen(null)} />
    </Section>
  );
}
