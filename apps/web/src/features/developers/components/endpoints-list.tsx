import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { CreatedWebhookEndpoint, WebhookEndpoint } from '@tillbook/contract/webhooks';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DateTime } from '../../../components/money';
import { EmptyState, ErrorState, LoadingState, Section } from '../../../components/states';
import { messageOf } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useDeleteEndpoint, useWebhookEndpoints } from '../api/webhooks';
import { EndpointFormModal } from './endpoint-form-modal';
import { SecretModal } from './secret-modal';

/** The store's webhook endpoints with add, edit and delete. */
export function EndpointsList() {
  const endpoints = useWebhookEndpoints();
  const remove = useDeleteEndpoint();
  const [editing, setEditing] = useState<WebhookEndpoint | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);

  const openForm = (endpoint: WebhookEndpoint | null) => {
    setEditing(endpoint);
    setFormOpen(true);
  };

  const body = () => {
    if (endpoints.isPending) return <LoadingState rows={2} label="Loading endpoints" />;
    if (endpoints.isError) {
      return <ErrorState error={endpoints.error} onRetry={() => void endpoints.refetch()} />;
    }
    if (!endpoints.data.length) {
      return (
        <EmptyState
          title="No endpoints yet"
          description="Add the address of your website or app: Tillbook will POST each event you choose to it, signed."
          action={<Button onClick={() => openForm(null)}>Add endpoint</Button>}
        />
      );
    }
    return (
      <Stack gap="sm">
        {endpoints.data.map((e) => (
          <Paper
            key={e.id}
            withBorder
            p="sm"
            radius="md"
            aria-label={`Endpoint ${e.url}`}
            component="article"
          >
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Text fw={600} style={{ wordBreak: 'break-all' }}>
                    {e.url}
                  </Text>
                  <Badge color={e.enabled ? 'teal' : 'gray'} variant="light">
                    {e.enabled ? 'Enabled' : 'Disabled'}
                  </Badge>
                </Group>
                {e.description && (
                  <Text size="sm" c="dimmed">
                    {e.description}
                  </Text>
                )}
                <Group gap={4}>
                  {e.events.map((event) => (
                    <Badge key={event} variant="outline" size="sm" tt="none">
                      {event}
                    </Badge>
                  ))}
                </Group>
                <Text size="xs" c="dimmed">
                  Secret {e.secret_hint} · added <DateTime iso={e.created_at} />
                </Text>
              </Stack>
              <Group gap={4} wrap="nowrap">
                <Tooltip label="Edit" withArrow>
                  <ActionIcon variant="subtle" aria-label={`Edit ${e.url}`} onClick={() => openForm(e)}>
                    <IconPencil size={16} aria-hidden />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Delete" withArrow>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete ${e.url}`}
                    onClick={() => setDeleting(e)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  };

  return (
    <Section
      title="Endpoints"
      description="Where events are sent. Each delivery is signed with the endpoint's secret."
      actions={
        endpoints.data?.length ? (
          <Button onClick={() => openForm(null)} variant="light">
            Add endpoint
          </Button>
        ) : undefined
      }
    >
      {body()}
      <EndpointFormModal
        opened={formOpen}
        endpoint={editing}
        onClose={() => setFormOpen(false)}
        onCreated={setCreated}
      />
      <SecretModal created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete endpoint?"
        message={`Events will no longer be sent to ${deleting?.url ?? ''}, and its delivery log is deleted too.`}
        confirmLabel="Delete endpoint"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          void remove.mutateAsync(deleting!.id).then(
            () => {
              notify.success('Webhook endpoint deleted');
              setDeleting(null);
            },
            (e: unknown) => notify.error(messageOf(e)),
          )
        }
      />
    </Section>
  );
}
