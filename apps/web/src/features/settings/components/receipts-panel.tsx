import {
  Button,
  Divider,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { MESSAGES } from '@tillbook/contract/constants';
import { updateReceiptSettingsBody, type ReceiptSettings } from '@tillbook/contract/receipts';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/states';
import { paths } from '../../../config/paths';
import { useStoreId, useStoreLocale } from '../../../lib/current-user';
import { messageOf } from '../../../lib/api-client';
import { showFormError, useSchemaForm } from '../../../lib/forms';
import { notify } from '../../../lib/toast';
import {
  availableConnections,
  CODEPAGES,
  CONNECTION_LABELS,
  loadPrinterProfile,
  savePrinterProfile,
  type PrinterConnection,
  type PrinterProfile,
} from '../../../lib/printing/printer-profile';
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
 * link opens (the store's, with settings.manage), and this till's printer (the device's own).
 */
export function ReceiptsPanel({ canEdit, storeName }: { canEdit: boolean; storeName: string }) {
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
      <PrinterCard storeName={storeName} />
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

/** This device's printer: kept on the device, tried with a test print. */
function PrinterCard({ storeName }: { storeName: string }) {
  const storeId = useStoreId();
  const { currency } = useStoreLocale();
  const [profile, setProfile] = useState<PrinterProfile>(() => loadPrinterProfile(storeId));
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const ways = availableConnections();
  const update = (change: Partial<PrinterProfile>) => {
    const next = { ...profile, ...change };
    setProfile(next);
    if (storeId) savePrinterProfile(storeId, next);
  };
  const testPrint = async () => {
    setBusy(true);
    setStatus(null);
    try {
      if (profile.connection === 'page') {
        window.open(`${paths.thermalPrint}?test=1&paper=${profile.width}`, '_blank', 'noopener');
        return;
      }
      const { connectPrinter, printReceipt, testReceipt } =
        await import('../../../lib/printing/thermal-printer');
      const device = await connectPrinter(profile, true);
      update({ device });
      await printReceipt(testReceipt(storeName, currency), { ...profile, device });
      setStatus('Test receipt sent to the printer.');
    } catch (error) {
      setStatus(messageOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack maw={560}>
        <Stack gap={4}>
          <Title order={4}>This till's printer</Title>
          <Text size="sm" c="dimmed">
            Kept on this device only. Chrome and Edge on Android and computers print straight to a USB, serial
            or Bluetooth thermal printer; other browsers print the receipt page at the paper's width.
          </Text>
        </Stack>
        <Select
          label="How the printer is connected"
          data={ways.map((w) => ({ value: w, label: CONNECTION_LABELS[w] }))}
          value={ways.includes(profile.connection) ? profile.connection : 'page'}
          onChange={(v) => v && update({ connection: v as PrinterConnection, device: null })}
          allowDeselect={false}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Paper width
          </Text>
          <Text size="xs" c="dimmed">
            58 mm prints 32 characters a line, 80 mm prints 48.
          </Text>
          <SegmentedControl
            data={[
              { value: '58', label: '58 mm' },
              { value: '80', label: '80 mm' },
            ]}
            value={String(profile.width)}
            onChange={(v) => update({ width: Number(v) as 58 | 80 })}
          />
        </Stack>
        <Select
          label="Code page"
          description="Most printers use cp437. Where it has no ₦ sign, receipts print NGN."
          data={[...CODEPAGES]}
          value={profile.codepage}
          onChange={(v) => v && update({ codepage: v })}
          allowDeselect={false}
        />
        <Switch
          label="Print the receipt after each sale"
          checked={profile.autoPrint}
          onChange={(e) => update({ autoPrint: e.currentTarget.checked })}
        />
        <Switch
          label="Open the cash drawer after a cash sale"
          description="For a drawer wired to the printer."
          checked={profile.drawer}
          onChange={(e) => update({ drawer: e.currentTarget.checked })}
        />
        <Divider />
        <Group>
          <Button variant="default" loading={busy} onClick={() => void testPrint()}>
            Test print
          </Button>
          <Button
            component={Link}
            to={`${paths.thermalPrint}?test=1&paper=${profile.width}`}
            variant="subtle"
          >
            Preview at {profile.width} mm
          </Button>
        </Group>
        {status && (
          <Text size="sm" role="status" data-testid="printer-status">
            {status}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
