import type { ShareChannel } from '@tillbook/contract/receipts';
import { receiptsRoutes } from '@tillbook/contract/route-refs';
import { call, messageOf } from '../../../lib/api-client';
import type { QueuedShare } from '../../../lib/till-db';
import { getSale, salesOf, updateSale } from './outbox-store';

/**
 * Receipts shared from a sale made offline (issue 35, decision 0066): the cashier taps WhatsApp
 * or SMS on the sale's receipt, the request waits with the sale in the outbox, and once the
 * store has the sale the till asks for its signed link. The till then offers one tap to open
 * WhatsApp or the messages app with it (a page may open them only from a tap).
 */

/** The cashier asks to share a waiting sale's receipt: kept with the sale until it is sent. */
export async function shareWhenSent(key: string, channel: ShareChannel, phone: string | null): Promise<void> {
  const share: QueuedShare = { channel, phone, state: 'waiting', url: null, openUrl: null, error: null };
  await updateSale(key, { share });
}

/** The cashier opened (or dismissed) a receipt made ready: it leaves the till's list. */
export async function shareDone(key: string): Promise<void> {
  const sale = await getSale(key);
  if (sale?.share) await updateSale(key, { share: { ...sale.share, state: 'done' } });
}

/**
 * Asks the server for the link of each waiting share whose sale the store now has. A share the
 * server refuses keeps its reason and is tried again on the next round; no network stops here.
 */
export async function prepareShares(storeId: string): Promise<void> {
  const waiting = (await salesOf(storeId)).filter((s) => s.share?.state === 'waiting' && s.orderId);
  for (const sale of waiting) {
    const share = sale.share!;
    try {
      const { data } = await call(receiptsRoutes.share, {
        params: { id: sale.orderId! },
        body: { channel: share.channel, ...(share.phone ? { phone: share.phone } : {}) },
      });
      const openUrl =
        share.channel === 'whatsapp' ? data.whatsapp_url : share.channel === 'sms' ? data.sms_url : data.url;
      await updateSale(sale.key, {
        // The number as the server wrote it in the link (international, digits only).
        share: {
          ...share,
          state: 'ready',
          phone: data.phone ?? share.phone,
          url: data.url,
          openUrl: openUrl ?? data.url,
          error: null,
        },
      });
    } catch (error) {
      await updateSale(sale.key, { share: { ...share, error: messageOf(error) } });
      if (!navigator.onLine) return;
    }
  }
}
