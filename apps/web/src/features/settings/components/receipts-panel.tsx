import {
  Anchor,
  Button,
  Group,
  NumberInput,
  Paper,
  Stack,
  Switch,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { MESSAGES } from '@tillbook/contract/constants';
import { updateReceiptSettingsBody, type ReceiptSettings } from '@tillbook/contract/receipts';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/states';
import { paths } from '../../../config/paths';
import { showFormError, useSchemaForm } from '../../../lib/forms';
import { notify } from '../../../lib/toast';
import { useReceiptSettings, useSaveReceiptSettings } from '../../../lib/receipt-settings';

interface ReceiptValues extends Record<string, unknown> {
  header_text: string;
  footer_text: string;
  show_logo: boolean;
  show_cashier: boolean;
  show_customer: boolean;
  link_days: number | string;
}

/**
 * Settings → Receipts (issue 35): what the store's receipts say and show and how long a shared
 * link opens (the store's, with settings.manage). Each till's printer is on Settings → Till.
 */
export function ReceiptsPanel({ canEdit }: { canEdit: boolean }) {
  const settings = useReceiptSettings();
  return (
    <Stack gap="lg">
      {settings.isPending ? (
        <LoadingState rows={3} label="Loading the receipt settings" />
      ) : settings.isError ? (
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <ReceiptSettingsForm key={JSON.stringify(settings.data)} settings={settings.data} canEdit={canEdit} />
      )}
      <Paper withBorder radius="md" p="md">
        <Text size="sm">
          Each till's printer (USB, serial or Bluetooth, 58 or 80 mm) is set up on that till, in{' '}
          <Anchor component={Link} to={paths.settingsTab('till')}>
            Settings → Till
          </Anchor>
          .
        </Text>
      </Paper>
    </Stack>
  );
}

function ReceiptSettingsForm({ settings, canEdit }: { settings: ReceiptSettings; canEdit: boolean }) {
  const form = useSchemaForm<ReceiptValues>(updateReceiptSettingsBody, {
    ...settings,
    header_text: settings.header_text ?? '',
    footer_text: settings.footer_text ?? '',
  });
  const save = useSaveReceiptSettings({
    onSuccess: () => notify.success(MESSAGES.saved),
    onError: (error) => showFormError(form, error),
  });
  return (
    <Paper withBorder radius="md" p="lg">
      <form
        noValidate
        onSubmit={form.onSubmit((v) =>
          save.mutate({
            header_text: v.header_text.trim() || null,
            footer_text: v.footer_text.trim() || null,
            show_logo: v.show_logo,
            show_cashier: v.show_cashier,
            show_customer: v.show_customer,
            link_days: Number(v.link_days),
          }),
        )}
      >
        <Stack maw={560}>
          <Stack gap={4}>
            <Title order={4}>Receipts</Title>
            <Text size="sm" c="dimmed">
              What printed and shared receipts say. Shared links open for the customer with no account.
            </Text>
          </Stack>
          <Textarea
            label="Header text"
            description="Under the store's name and address: opening hours, a slogan."
            autosize
            minRows={2}
            disabled={!canEdit}
            {...form.getInputProps('header_text')}
          />
          <Textarea
            label="Footer text"
            description="At the bottom: your returns policy, a thank-you."
            autosize
            minRows={2}
            disabled={!canEdit}
            {...form.getInputProps('footer_text')}
          />
          <Switch
            label="Show the store's logo"
            disabled={!canEdit}
            {...form.getInputProps('show_logo', { type: 'checkbox' })}
          />
          <Switch
            label="Show the cashier's name"
            disabled={!canEdit}
            {...form.getInputProps('show_cashier', { type: 'checkbox' })}
          />
          <Switch
            label="Show the customer's name"
            disabled={!canEdit}
            {...form.getInputProps('show_customer', { type: 'checkbox' })}
          />
          <NumberInput
            label="Days a shared link opens"
            description="After that the link says the receipt is not found."
            min={1}
            max={3650}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            disabled={!canEdit}
            {...form.getInputProps('link_days')}
          />
          {canEdit ? (
            <Group>
              <Button type="submit" loading={save.isPending}>
                Save receipt settings
              </Button>
            </Group>
          ) : (
            <Text size="sm">Your role cannot change the receipt settings.</Text>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
