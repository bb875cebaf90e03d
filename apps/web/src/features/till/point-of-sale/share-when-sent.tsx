import { Alert, Button, Group, Text } from '@mantine/core';
import { IconBrandWhatsapp, IconMessage } from '@tabler/icons-react';
import type { ShareChannel } from '@tillbook/contract/receipts';
import { useState } from 'react';
import { messageOf } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { shareWhenSent } from '../outbox/queued-shares';

const WHERE: Record<Exclude<ShareChannel, 'link'>, string> = { whatsapp: 'WhatsApp', sms: 'SMS' };

/**
 * A sale saved offline: its receipt's link is the store's to sign, so the share waits with the
 * sale and the till offers it once the sale is sent (the offline bar's "Receipts ready to send").
 */
export function ShareWhenSent({ saleKey, phone }: { saleKey: string; phone: string | null }) {
  const [asked, setAsked] = useState<Exclude<ShareChannel, 'link'> | null>(null);
  const ask = (channel: Exclude<ShareChannel, 'link'>) =>
    shareWhenSent(saleKey, channel, phone)
      .then(() => setAsked(channel))
      .catch((error: unknown) => notify.error(messageOf(error)));
  if (asked) {
    return (
      <Alert color="blue" variant="light" title={`Receipt queued for ${WHERE[asked]}`} role="status">
        It is ready to send{phone ? ` to ${phone}` : ''} as soon as the sale reaches the store: the till shows
        a button to open {WHERE[asked]} with it.
      </Alert>
    );
  }
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm" c="dimmed" w="100%">
        The receipt's link is made when the sale reaches the store. Queue it now:
      </Text>
      <Button
        color="#1e6b31"
        leftSection={<IconBrandWhatsapp size={16} />}
        onClick={() => void ask('whatsapp')}
      >
        WhatsApp when sent
      </Button>
      <Button variant="default" leftSection={<IconMessage size={16} />} onClick={() => void ask('sms')}>
        SMS when sent
      </Button>
    </Group>
  );
}
