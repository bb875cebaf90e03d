import { tillRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { applyChanges, catalogueMeta } from '../catalogue/catalogue-cache';
import { tillDeviceId } from '../outbox/device-numbers';

/**
 * Brings the device's copy of the catalogue up to date: "changes since" the cursor of the last
 * answer, page after page (decision 0036). Errors are left to the caller (offline, it simply fails).
 */
export async function syncCatalogue(storeId: string, signal?: AbortSignal): Promise<void> {
  let since = (await catalogueMeta(storeId))?.cursor;
  // Naming the device claims its offline numbers for this browser (decision 0047).
  const device = await tillDeviceId();
  for (;;) {
    const answer = (
      await call(tillRoutes.changes, { storeId, query: since ? { since, device } : { device }, signal })
    ).data;
    await applyChanges(storeId, answer);
    if (!answer.more) return;
    since = answer.cursor;
  }
}
