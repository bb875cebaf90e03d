import {
  Button,
  Divider,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { messageOf } from '../../../lib/api-client';
import { useStoreId, useStoreLocale } from '../../../lib/current-user';
import {
  availableConnections,
  CODEPAGES,
  CONNECTION_LABELS,
  loadPrinterProfile,
  savePrinterProfile,
  type PrinterConnection,
  type PrinterProfile,
} from '../../../lib/printing/printer-profile';

/** This device's printer: kept on the device, tried with a test print. */
export function PrinterCard({ storeName }: { storeName: string }) {
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
