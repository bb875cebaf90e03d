import type { TillSettings } from '@tillbook/contract/till';
import type { OutboxSale } from '../../../lib/till-db';
import { catalogueMeta } from '../catalogue/catalogue-cache';
import { salesOf } from '../outbox/outbox-store';
import { NO_COPY_MESSAGE } from './local-quote';

const HOUR_MS = 3_600_000;

/**
 * Why the till may not take another sale offline (the store's limits), or null. `key`: the sale
 * about to be kept, when it is already in the outbox (sent online, the network gone meanwhile).
 */
export async function offlineLimitReached(
  storeId: string,
  key?: string,
  now = Date.now(),
): Promise<string | null> {
  const meta = await catalogueMeta(storeId);
  if (!meta) return NO_COPY_MESSAGE;
  const unsent = (await salesOf(storeId)).filter((s) => s.state !== 'sent' && s.key !== key);
  return offlineLimit({ settings: meta.settings, syncedAt: meta.syncedAt, unsent, now });
}

/**
 * The store's limits on selling offline (decision 0036; defaults 24 hours and 200 sales, spec
 * section 9): how many sales may wait, how long the oldest may wait, how old the prices may be.
 */
export function offlineLimit(input: {
  settings: Pick<TillSettings, 'offline_max_hours' | 'offline_max_sales'>;
  syncedAt: string;
  unsent: ReadonlyArray<Pick<OutboxSale, 'soldAt'>>;
  now: number;
}): string | null {
  const { offline_max_sales: maxSales, offline_max_hours: maxHours } = input.settings;
  const hours = maxHours === 1 ? '1 hour' : `${maxHours} hours`;
  if (input.unsent.length >= maxSales) {
    return `${input.unsent.length} sales are waiting on this till, the most the store allows. Connect to the internet to send them before selling more offline.`;
  }
  const oldest = input.unsent[0];
  if (oldest && input.now - new Date(oldest.soldAt).getTime() > maxHours * HOUR_MS) {
    return `A sale has waited on this till for more than ${hours}, the longest the store allows. Connect to the internet to send it before selling more offline.`;
  }
  if (input.now - new Date(input.syncedAt).getTime() > maxHours * HOUR_MS) {
    return `This till's prices are more than ${hours} old. Connect to the internet to bring them up to date before selling offline.`;
  }
  return null;
}
