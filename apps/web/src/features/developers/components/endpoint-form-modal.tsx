import { Checkbox, Modal, Stack, Switch, TextInput } from '@mantine/core';
import {
  createWebhookEndpointBody,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  type CreatedWebhookEndpoint,
  type WebhookEndpoint,
  type WebhookEvent,
} from '@tillbook/contract/webhooks';
import { useEffect } from 'react';
import { showFormError, useSchemaForm } from '../../../lib/forms';
import { notify } from '../../../lib/toast';
import { useCreateEndpoint, useUpdateEndpoint } from '../api/webhooks';
import { FormActions } from '../../../components/form-actions';

interface Values extends Record<string, unknown> {
  url: string;
  description: string;
  events: WebhookEvent[];
  enabled: boolean;
}

const valuesOf = (endpoint: WebhookEndpoint | null): Values => ({
  url: endpoint?.url ?? '',
  description: endpoint?.description ?? '',
  events: endpoint?.events ?? ['order.created'],
  enabled: endpoint?.enabled ?? true,
});

/** Adds an endpoint (then `onCreated` shows its secret) or edits one. */
export function EndpointFormModal({
  opened,
  endpoint,
  onClose,
  onCreated,
}: {
  opened: boolean;
  /** Null to add a new endpoint. */
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  onCreated: (created: CreatedWebhookEndpoint) => void;
}) {
  const form = useSchemaForm(createWebhookEndpointBody, valuesOf(endpoint));
  const create = useCreateEndpoint();
  const update = useUpdateEndpoint();
  const { setValues, resetDirty } = form;
  useEffect(() => {
    if (!opened) return;
    setValues(valuesOf(endpoint));
    resetDirty();
  }, [opened, endpoint, setValues, resetDirty]);

  const submit = async (values: Values) => {
    const body = {
      url: values.url.trim(),
      description: values.description.trim() || null,
      events: values.events,
      enabled: values.enabled,
    };
    try {
      if (endpoint) {
        await update.mutateAsync({ id: endpoint.id, body });
        notify.success('Webhook endpoint saved');
        onClose();
      } else {
        const answer = await create.mutateAsync(body);
        onClose();
        onCreated(answer.data);
      }
    } catch (error) {
      showFormError(form, error);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={endpoint ? 'Edit webhook endpoint' : 'Add webhook endpoint'}
      centered
      size="lg"
    >
      <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
        <Stack>
          <TextInput
            label="Endpoint URL"
            placeholder="https://example.com/tillbook/webhooks"
            required
            data-autofocus
            {...form.getInputProps('url')}
          />
          <TextInput
            label="Description"
            placeholder="Website order sync"
            {...form.getInputProps('description')}
          />
          <Checkbox.Group label="Events to send" required {...form.getInputProps('events')}>
            <Stack gap="xs" mt="xs">
              {WEBHOOK_EVENTS.map((event) => (
                <Checkbox key={event} value={event} label={event} description={WEBHOOK_EVENT_LABELS[event]} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Switch label="Enabled" {...form.getInputProps('enabled', { type: 'checkbox' })} />
          <FormActions
            onCancel={onClose}
            submitLabel={endpoint ? 'Save' : 'Add endpoint'}
            loading={create.isPending || update.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
