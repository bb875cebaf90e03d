import type { Order } from '@tillbook/contract/orders';
import { customersRoutes, ordersRoutes } from '@tillbook/contract/route-refs';
import { ApiError, call, messageOf } from '../../../lib/api-client';
import type { OrderBody, OutboxSale } from '../../../lib/till-db';
import { isLocalCustomerId } from '../catalogue/catalogue-cache';
import {
  customerSent,
  customersQueuedOf,
  getSale,
  queuedCustomer,
  salesOf,
  updateQueuedCustomer,
  updateSale,
} from './outbox-store';

/**
 * How long a sale sent online may stay `sending` before a round takes it for one whose tab
 * closed mid-send: longer than a request may take (20 s).
 */
export const ONLINE_SEND_STALE_MS = 60_000;

/** The outbox's one request: `POST /order` with the sale's body and its Idempotency-Key. */
export async function postSale(storeId: string, key: string, body: OrderBody): Promise<Order> {
  const answer = await call(ordersRoutes.create, {
    storeId,
    body: withSendingTime(body),
    headers: { 'Idempotency-Key': key },
  });
  return answer.data;
}

/**
 * The till's clock as an offline sale leaves: the server compares it with its own and dates the
 * sale by the store's clock when the till's is off (decision 0047). Not part of what a resend
 * must match.
 */
function withSendingTime(body: OrderBody): OrderBody {
  return body.offline ? { ...body, offline: { ...body.offline, sent_at: new Date().toISOString() } } : body;
}

/** What a refusal means for a sale that waits: a status the same request will always get. */
export const refusesTheSale = (status: number) =>
  status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429;

/**
 * Sends what waits in the outbox, oldest first, each exactly once (decision 0036):
 *
 * - One sender at a time across every tab of this browser: the round holds the Web Lock
 *   `tillbook-sale-queue`; a second tab waits, then finds the sales sent.
 * - Each sale carries the Idempotency-Key it was given when it was made, so a sale whose answer
 *   was lost (the network dropped, the tab closed mid-send) is recorded once when sent again;
 *   the server also keeps one order per device number.
 * - A sale the server refuses (a product deleted meanwhile) needs a decision: it stays on the
 *   device with the reason, and the ones after it are still sent.
 * - No network or a server error stops the round; the next one (back online, retry now, the
 *   timer) starts again from the first unsent sale.
 * - A sale being sent online right now (by `sell`, outside the lock) is left to it; one left
 *   `sending` for longer (its tab closed) is sent again under its key.
 * - A sale whose online request failed for the network on its way is sent with that body again
 *   first, and as the offline sale only once the server refused it (`sendOne`).
 * - Customers added offline go first, each once (their local id is their Idempotency-Key); the
 *   sales for them are rewritten to the server's id before they are sent, and a sale whose
 *   customer is not on the server yet is not sent.
 */
export async function sendOutbox(storeId: string): Promise<void> {
  const run = async () => {
    if (!(await sendQueuedCustomers(storeId))) return;
    for (const listed of await salesOf(storeId)) {
      // Read again inside the lock: another tab may have sent it meanwhile.
      let sale = await getSale(listed.key);
      if (!sale || sale.state === 'sent' || sale.state === 'needs_decision' || beingSentOnline(sale))
        continue;
      const customerId = sale.body.customer_id;
      if (isLocalCustomerId(customerId)) {
        const customer = await queuedCustomer(customerId);
        if (customer?.state === 'needs_decision') {
          const name = `${customer.body.first_name} ${customer.body.last_name}`.trim();
          await updateSale(sale.key, {
            state: 'needs_decision',
            error: `The customer ${name}, added on this till, could not be added: ${customer.error ?? 'refused'}`,
          });
          continue;
        }
        // Queued after the customer was sent (a cart from before): put the server's id on it.
        if (customer?.result) await customerSent(customer.key, customer.result);
        sale = await getSale(listed.key);
        if (!sale || isLocalCustomerId(sale.body.customer_id)) return;
      }
      if (!(await sendOne(storeId, sale))) return;
    }
  };
  if (typeof navigator !== 'undefined' && navigator.locks) {
    await navigator.locks.request('tillbook-sale-queue', run);
  } else {
    await run();
  }
}

/** A sale `sell` is sending online at this moment (in this tab or another). */
export const beingSentOnline = (sale: OutboxSale, now = Date.now()) =>
  sale.mode === 'online' &&
  sale.state === 'sending' &&
  now - new Date(sale.sendingSince ?? sale.soldAt).getTime() < ONLINE_SEND_STALE_MS;

/**
 * Sends the customers added offline, oldest first; false when the round should stop. A phone
 * number or email that belongs to an existing customer is not refused: the server answers that
 * customer and says so, and the sales go to them.
 */
async function sendQueuedCustomers(storeId: string): Promise<boolean> {
  for (const listed of await customersQueuedOf(storeId)) {
    const customer = await queuedCustomer(listed.key);
    if (!customer || customer.state !== 'queued') continue;
    await updateQueuedCustomer(customer.key, { attempts: customer.attempts + 1 });
    try {
      const answer = await call(customersRoutes.addAtTill, {
        storeId,
        body: customer.body,
        headers: { 'Idempotency-Key': customer.key },
      });
      await customerSent(customer.key, answer.data);
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      // 409 here is the same key still being recorded (a tab closed mid-send): later.
      if (refusesTheSale(status) && status !== 409) {
        await updateQueuedCustomer(customer.key, { state: 'needs_decision', error: messageOf(error) });
        continue;
      }
      await updateQueuedCustomer(customer.key, { error: status === 0 ? null : messageOf(error) });
      return false;
    }
  }
  return true;
}

/**
 * Sends one sale; false when the round should stop (no network, server trouble). A sale whose
 * online request failed for the network on its way (`sentOnline`) may have been made by the
 * server: that body goes again first, under the same key. The server's answer settles it (its
 * stored answer, or the sale made now); a refusal proves no sale was made under the key (a
 * refused request stores nothing: its rollback frees the key), and only then does the offline
 * body go, under the same key. Anything else (no network, server trouble, a 409 for the key still
 * being recorded) keeps it waiting as it is.
 */
async function sendOne(storeId: string, sale: OutboxSale): Promise<boolean> {
  const now = new Date().toISOString();
  await updateSale(sale.key, { state: 'sending', sendingSince: now, attempts: sale.attempts + 1 });
  const sentOnline = sale.mode === 'online' ? null : sale.sentOnline;
  if (sentOnline) {
    const answer = await attempt(storeId, sale.key, sentOnline);
    // A 409 to the same body is the key still being recorded (the first request on its way).
    if (answer.kind === 'refused' && answer.status === 409)
      return settle(sale.key, { ...answer, kind: 'later' });
    if (answer.kind !== 'refused') return settle(sale.key, answer);
    await updateSale(sale.key, { sentOnline: null });
  }
  return settle(sale.key, await attempt(storeId, sale.key, sale.body));
}

type Attempt =
  | { kind: 'recorded'; order: Order }
  /** A status the same request will always get. */
  | { kind: 'refused'; status: number; error: unknown }
  /** No network (status 0) or server trouble: the same request may go through later. */
  | { kind: 'later'; status: number; error: unknown };

async function attempt(storeId: string, key: string, body: OrderBody): Promise<Attempt> {
  try {
    return { kind: 'recorded', order: await postSale(storeId, key, body) };
  } catch (error) {
    const status = error instanceof ApiError ? error.status : 0;
    return { kind: refusesTheSale(status) ? 'refused' : 'later', status, error };
  }
}

/**
 * Records the answer on the sale: sent with its order; a refusal about the sale itself waits for
 * a decision and the others go on; anything else keeps it queued and stops the round.
 */
async function settle(key: string, answer: Attempt): Promise<boolean> {
  if (answer.kind === 'recorded') {
    const { order } = answer;
    await updateSale(key, {
      state: 'sent',
      error: null,
      orderId: order.id,
      orderNumber: order.number,
      offlineState: order.offline_state,
      issues: order.offline_issues.map((i) => i.message),
      sentAt: new Date().toISOString(),
    });
    return true;
  }
  if (answer.kind === 'refused') {
    await updateSale(key, { state: 'needs_decision', error: messageOf(answer.error) });
    return true;
  }
  await updateSale(key, { state: 'queued', error: answer.status === 0 ? null : messageOf(answer.error) });
  return false;
}
