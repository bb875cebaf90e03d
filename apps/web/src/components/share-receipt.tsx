import { Button, Group, Menu, Text } from '@mantine/core';
import { IconBrandWhatsapp, IconLink, IconMessage, IconPrinter, IconShare } from '@tabler/icons-react';
import type { ShareChannel } from '@tillbook/contract/receipts';
import { receiptsRoutes } from '@tillbook/contract/route-refs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../config/paths';
import { call, messageOf } from '../lib/api-client';
import { useStoreId, useStoreLocale } from '../lib/current-user';
import { notify } from '../lib/toast';
import { loadPrinterProfile } from '../lib/printing/printer-profile';

/**
 * Asks the server for the receipt's signed link and opens WhatsApp or the messages app with it,
 * or copies it. WhatsApp opens in a window made before the request: a window opened after an
 * answer is not a tap any more, and phones block it.
 */
export async function shareReceipt(
  orderId: string,
  channel: ShareChannel,
  phone?: string | null,
): Promise<string> {
  const tab = channel === 'whatsapp' ? window.open('', '_blank') : null;
  try {
    const { data } = await call(receiptsRoutes.share, {
      params: { id: orderId },
      body: { channel, ...(phone ? { phone } : {}) },
    });
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

/**
 * A customer's statement, or with `reminder` a payment reminder naming what they owe, sent to
 * WhatsApp in a window made before the request (as `shareReceipt`).
 */
export async function shareStatementOnWhatsApp(customerId: string, reminder: boolean): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const { data } = await call(receiptsRoutes.shareStatement, {
      params: { id: customerId },
      body: { channel: 'whatsapp', reminder },
    });
    if (data.whatsapp_url) {
      if (tab) tab.location.href = data.whatsapp_url;
      else window.location.href = data.whatsapp_url;
    }
  } catch (error) {
    tab?.close();
    throw error;
  }
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
  const [busy, setBusy] = useState<string | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const print = usePrintReceipt();
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
        onClick={() => void run('whatsapp', () => shareReceipt(orderId, 'whatsapp', phone))}
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
            onClick={() => void run('sms', () => shareReceipt(orderId, 'sms', phone))}
          >
            Send by SMS
          </Menu.Item>
          <Menu.Item
            leftSection={<IconLink size={16} />}
            onClick={() =>
              void run('link', async () => {
                setCopied(await shareReceipt(orderId, 'link'));
                notify.success('Receipt link copied');
              })
            }
          >
            Copy link
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Button
        variant="default"
        leftSection={<IconPrinter size={16} />}
        loading={busy === 'print'}
        onClick={() => void run('print', () => print(orderId))}
      >
        Thermal print
      </Button>
      {copied && (
        <Text size="xs" c="dimmed" data-testid="receipt-link" style={{ wordBreak: 'break-all' }}>
          {copied}
        </Text>
      )}
    </Group>
  );
}
