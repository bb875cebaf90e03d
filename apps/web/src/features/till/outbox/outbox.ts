import type { OrderBody } from '../../../lib/till-db';
import { catalogueMeta } from '../catalogue/catalogue-cache';
import { NO_COPY_MESSAGE } from '../offline/local-quote';
import { offlineCreditLimitReached } from '../offline/offline-credit';
import { offlineLimitReached } from '../offline/offline-limit';
import { serverCustomerId } from '../offline/offline-customers';
import { isOffline } from '../offline/network';
import { asOfflineSale } from './offline-sale';
import { NOT_ANSWERED, getSale, putSale, removeSale, replaceSale } from './outbox-store';
import type { SaleInput, SaleOutcome } from './sale';
import { postSale } from './send-outbox';

/**
 * The till's outbox (decision 0052): every sale, online or not, is put here with its
 * Idempotency-Key and sent from here, by one request (`postSale`).
 *
 * - Online, the sale is put in the outbox and sent at once; the answer is the receipt and the
 *   sale leaves the outbox. A refusal (a product out of stock, a code used up) is the cashier's
 *   to fix: the sale leaves the outbox and the till shows why.
 * - With no network (the browser says so, or the server could not be reached a moment ago), the
 *   sale is kept as made offline: numbered by the device, priced from its copy, under the same
 *   key. The round (`sendOutbox`) sends it when the network is back, once; the server answers a
 *   repeat of a key with its first answer.
 * - The request failing for the network on its way (the server may have made the sale, and only
 *   its answer was lost): the cashier gets the offline receipt as above, and the sale also keeps
 *   the exact body it was sent with (`sentOnline`). The round sends that body again first, under
 *   the same key, and becomes the offline sale only if the server refuses it (`send-outbox.ts`).
 * - A sale to a customer added offline whom the server does not have yet waits behind them.
 */

/** Sells: puts the sale in the outbox and sends it (see above). */
export async function sell(input: SaleInput): Promise<SaleOutcome> {
  const customerId = input.body.customer_id ? await serverCustomerId(input.body.customer_id) : undefined;
  if (isOffline() || customerId === null) return keepForLater(input);
  const body: OrderBody = customerId ? { ...input.body, customer_id: customerId } : input.body;
  const now = new Date().toISOString();
  const sale = await putSale({
    mode: 'online',
    key: input.key,
    storeId: input.storeId,
    offlineNumber: null,
    soldAt: now,
    body,
    receipt: null,
    quote: input.quote,
    state: 'sending',
    sendingSince: now,
    attempts: 1,
    ...NOT_ANSWERED,
  });
  // Kept earlier under this key (offline, or sent from another tab): it is the outbox's to send.
  if (sale.mode !== 'online') return { kind: 'waiting', sale };
  try {
    const order = await postSale(input.storeId, sale.key, sale.body);
    await removeSale(sale.key);
    return { kind: 'recorded', order };
  } catch (error) {
    // The network dropped on the way, maybe after the server made the sale: kept as made offline,
    // with the body it went out with, which the round sends again first under the same key.
    if (isOffline(error)) return keepForLater(input, sale.body);
    await removeSale(sale.key);
    return { kind: 'refused', error };
  }
}

/**
 * The sale as made with no network (decision 0036), within the store's limits (how many sales
 * may wait, for how long, how old the prices may be); past them it is refused with the reason.
 * `sentOnline`: the body of the online request that failed for the network on its way.
 */
async function keepForLater(input: SaleInput, sentOnline: OrderBody | null = null): Promise<SaleOutcome> {
  try {
    // In the outbox under this key already: kept offline before (answered as it is), or sent
    // online a moment ago (it takes its offline form in its place, below).
    const before = await getSale(input.key);
    if (before && before.mode !== 'online') return { kind: 'waiting', sale: before };
    // A body already sent online was checked by the server (its answer only was lost): the
    // credit limit and the transfer are the server's to decide when it is sent again.
    const limit =
      (await offlineLimitReached(input.storeId, input.key)) ??
      (sentOnline ? null : await saleNeedsNetwork(input));
    const meta = await catalogueMeta(input.storeId);
    if (limit || !meta) {
      if (before) await removeSale(input.key);
      return { kind: 'refused', error: new Error(limit ?? NO_COPY_MESSAGE) };
    }
    const offline = { ...(await asOfflineSale(input, meta.syncedAt)), sentOnline };
    const sale = before ? await replaceSale({ ...offline, seq: before.seq }) : await putSale(offline);
    if (sale.mode === 'online') throw new Error('A sale with this key is being sent: try again in a moment.');
    return { kind: 'waiting', sale };
  } catch (error) {
    return { kind: 'refused', error };
  }
}

/**
 * Why this sale cannot be made offline (decision 0065), or null: waiting for a transfer needs the
 * server to see it arrive; a sale on credit must stay within the limit the device knew.
 */
async function saleNeedsNetwork(input: SaleInput): Promise<string | null> {
  if (input.body.await_transfer) return WAIT_NEEDS_NETWORK;
  return offlineCreditLimitReached(
    input.storeId,
    input.key,
    input.body,
    input.quote.total,
    input.quote.currency,
  );
}

export const WAIT_NEEDS_NETWORK =
  'Waiting for a transfer needs the network: the till checks the store account for it. Take cash or card, or connect to the internet.';
