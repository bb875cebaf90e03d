import { Button, Group, Menu, Text } from '@mantine/core';
import { IconBrandWhatsapp, IconLink, IconMessage, IconPrinter, IconShare } from '@tabler/icons-react';
import type { ShareChannel, ShareResult } from '@tillbook/contract/receipts';
import { receiptsRoutes } from '@tillbook/contract/route-refs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../config/paths';
import { call, messageOf } from '../lib/api-client';
import { useStoreId, useStoreLocale } from '../lib/current-user';
import { notify } from '../lib/toast';
import { loadPrinterProfile } from '../lib/printing/printer-profile';

/**
 * Opens WhatsApp or the messages app with a signed link the server made (`ask`), or copies the
 * link, and answers it. WhatsApp opens in a window made before the request: a window opened
 * after an answer is not a tap any more, and phones block it.
 */
async function openShare(channel: ShareChannel, ask: () => Promise<ShareResult>): Promise<string> {
  const tab = channel === 'whatsapp' ? window.open('', '_blank') : null;
  try {
    const data = await ask();
    if (channel === 'whatsapp' && data.whatsapp_url) {
      if (tab) tab.location.href = data.whatsapp_url;
      else window.location.href = data.whatsapp_url;
    } else if (channel === 'sms' && data.sms_url) {
      window.location.href = data.sms_url;
    } else {
      await navigator.clipboard?.writeText(data.url).catch(() => undefined);
    }
    return data.url;
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/** A sale's receipt as a signed link, sent on `channel` to `phone` (else the customer's). */
export const shareReceipt = (orderId: string, channel: ShareChannel, phone?: string | null) =>
  openShare(
    channel,
    async () =>
      (
        await call(receiptsRoutes.share, {
          params: { id: orderId },
          body: { channel, ...(phone ? { phone } : {}) },
        })
      ).data,
  );

/** A wallet transfer's receipt as a signed link: WhatsApp asks whom to send it to. */
export const shareTransferReceipt = (transactionId: string, channel: ShareChannel) =>
  openShare(
    channel,
    async () =>
      (await call(receiptsRoutes.shareTransfer, { params: { id: transactionId }, body: { channel } })).data,
  );

/** A customer's statement, or with `reminder` a payment reminder naming what they owe, on WhatsApp. */
export async function shareStatementOnWhatsApp(customerId: string, reminder: boolean): Promise<void> {
  await openShare(
    'whatsapp',
    async () =>
      (
        await call(receiptsRoutes.shareStatement, {
          params: { id: customerId },
          body: { channel: 'whatsapp', reminder },
        })
      ).data,
  );
}

/** Prints on this till's printer when it has one, else opens the receipt at the paper's width. */
export function usePrintReceipt() {
  const storeId = useStoreId();
  const navigate = useNavigate();
  const { timezone } = useStoreLocale();
  return async (orderId: string) => {
    const profile = loadPrinterProfile(storeId);
    if (profile.connection === 'page') {
      void navigate(paths.thermalPrintFor(orderId, profile.width));
      return;
    }
    const [{ ordersRoutes }, { receiptOfInvoice }, { printReceipt }, settings] = await Promise.all([
      import('@tillbook/contract/route-refs'),
      import('@tillbook/contract/receipt-escpos'),
      import('../lib/printing/thermal-printer'),
      call(receiptsRoutes.settings, {}),
    ]);
    const invoice = (await call(ordersRoutes.invoice, { params: { id: orderId } })).data;
    const share = (await call(receiptsRoutes.share, { params: { id: orderId }, body: { channel: 'link' } }))
      .data;
    const doc = receiptOfInvoice(invoice, {
      timeZone: timezone,
      headerText: settings.data.header_text,
      footerText: settings.data.footer_text,
      link: share.url,
    });
    await printReceipt(doc, profile, true);
  };
}

/** Share and print buttons for a sale's receipt: WhatsApp, SMS, copy link, thermal print. */
export function ShareReceiptButtons({ orderId, phone }: { orderId: string; phone?: string | null }) {
  const print = usePrintReceipt();
  return (
    <ShareButtons
      share={(channel) => shareReceipt(orderId, channel, channel === 'link' ? null : phone)}
      print={() => print(orderId)}
    />
  );
}

/**
 * Share buttons for a signed link (`share` asks the server for it on a channel): WhatsApp, then
 * SMS and copy link in a menu, and a thermal print when `print` is given.
 */
export function ShareButtons({
  share,
  print,
}: {
  share: (channel: ShareChannel) => Promise<string>;
  print?: () => Promise<void>;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const run = async (what: string, action: () => Promise<unknown>) => {
    setBusy(what);
    try {
      await action();
    } catch (error) {
      notify.error(messageOf(error));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="xs" wrap="wrap">
      <Button
        // A dark WhatsApp green: white text on it reads at over 6:1 (Mantine's green is 2.4:1).
        color="#1e6b31"
        leftSection={<IconBrandWhatsapp size={16} />}
        loading={busy === 'whatsapp'}
        onClick={() => void run('whatsapp', () => share('whatsapp'))}
      >
        WhatsApp
      </Button>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            leftSection={<IconShare size={16} />}
            loading={busy === 'sms' || busy === 'link'}
          >
            Share
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconMessage size={16} />}
            onClick={() => void run('sms', () => share('sms'))}
          >
            Send by SMS
          </Menu.Item>
          <Menu.Item
            leftSection={<IconLink size={16} />}
            onClick={() =>
              void run('link', async () => {
                setCopied(await share('link'));
                notify.success('Receipt link copied');
              })
            }
          >
            Copy link
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {print && (
        <Button
          variant="default"
          leftSection={<IconPrinter size={16} />}
          loading={busy === 'print'}
          onClick={() => void run('print', print)}
        >
          Thermal print
        </Button>
      )}
      {copied && (
        <Text size="xs" c="dimmed" data-testid="receipt-link" style={{ wordBreak: 'break-all' }}>
          {copied}
        </Text>
      )}
    </Group>
  );
}

/**
 * One small "Share receipt" menu for a row of a list (WhatsApp, SMS, copy link): `share` asks
 * the server for the signed link on a channel.
 */
export function ShareMenu({
  label,
  share,
}: {
  label: string;
  share: (channel: ShareChannel) => Promise<string>;
}) {
  const run = (channel: ShareChannel) =>
    void share(channel)
      .then(() => {
        if (channel === 'link') notify.success('Receipt link copied');
      })
      .catch((error: unknown) => notify.error(messageOf(error)));
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="compact-sm" variant="subtle" leftSection={<IconShare size={14} />} aria-label={label}>
          Share
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconBrandWhatsapp size={16} />} onClick={() => run('whatsapp')}>
          WhatsApp
        </Menu.Item>
        <Menu.Item leftSection={<IconMessage size={16} />} onClick={() => run('sms')}>
          Send by SMS
        </Menu.Item>
        <Menu.Item leftSection={<IconLink size={16} />} onClick={() => run('link')}>
          Copy link
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
