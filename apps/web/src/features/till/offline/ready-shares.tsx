import { ActionIcon, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconBrandWhatsapp, IconLink, IconMessage, IconX } from '@tabler/icons-react';
import type { OutboxSale, QueuedShare } from '../../../lib/till-db';
import { shareDone } from '../outbox/queued-shares';

type Ready = OutboxSale & { share: QueuedShare & { state: 'ready'; openUrl: string } };

const isReady = (s: OutboxSale): s is Ready => s.share?.state === 'ready' && Boolean(s.share.openUrl);

/**
 * Receipts asked for while their sales waited offline, now that the store has the sales: one tap
 * opens WhatsApp or the messages app with the receipt's link (a page may open them only from a
 * tap), or copies the link.
 */
export function ReadyShares({ sales }: { sales: OutboxSale[] }) {
  const ready = sales.filter(isReady);
  if (ready.length === 0) return null;
  return (
    <Stack gap={6} mt="sm" aria-label="Receipts ready to send">
      <Text size="sm" fw={600}>
        Receipts ready to send
      </Text>
      {ready.map((sale) => (
        <Paper key={sale.key} withBorder radius="sm" p="xs">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm">
              {sale.orderNumber ?? sale.offlineNumber}
              {sale.share.phone ? ` · +${sale.share.phone}` : ''}
            </Text>
            <Group gap={4} wrap="nowrap">
              <OpenShare sale={sale} />
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Dismiss the receipt of ${sale.orderNumber ?? sale.offlineNumber}`}
                onClick={() => void shareDone(sale.key)}
              >
                <IconX size={16} />
              </ActionIcon>
            </Group>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

function OpenShare({ sale }: { sale: Ready }) {
  const done = () => void shareDone(sale.key);
  if (sale.share.channel === 'whatsapp') {
    return (
      <Button
        size="xs"
        color="#1e6b31"
        component="a"
        href={sale.share.openUrl}
        target="_blank"
        rel="noopener noreferrer"
        leftSection={<IconBrandWhatsapp size={14} />}
        onClick={done}
      >
        Send on WhatsApp
      </Button>
    );
  }
  if (sale.share.channel === 'sms') {
    return (
      <Button
        size="xs"
        variant="default"
        component="a"
        href={sale.share.openUrl}
        leftSection={<IconMessage size={14} />}
        onClick={done}
      >
        Send by SMS
      </Button>
    );
  }
  return (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconLink size={14} />}
      onClick={() => void navigator.clipboard?.writeText(sale.share.openUrl).finally(done)}
    >
      Copy link
    </Button>
  );
}
