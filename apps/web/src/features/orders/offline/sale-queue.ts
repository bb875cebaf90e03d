import { customersRoutes } from '@tillbook/contract/customers';
import { ordersRoutes, type Order } from '@tillbook/contract/orders';
import { tillRoutes } from '@tillbook/contract/till';
import { ApiError, call, messageOf } from '../../../lib/api-client';
import {
  applyChanges,
  catalogueMeta,
  customerSent,
  customersQueuedOf,
  getSale,
  isLocalCustomerId,
  queuedCustomer,
  salesOf,
  tillDeviceId,
  updateQueuedCustomer,
  updateSale,
  type QueuedSale,
} from '../../../lib/till-store';

/**
 * Sends the sales made offline, oldest first, each exactly once (decision 0036):
 *
 * - One sender at a time across every tab of this browser: the queue is sent while holding the
 *   Web Lock `tillbook-sale-queue`; a second tab waits, then finds the sales sent.
 * - Each sale carries the Idempotency-Key it was given when it was made, so a sale whose answer
 *   was lost (the network dropped, the tab closed mid-send) is recorded once when sent again;
 *   the server also keeps one order per device number.
 * - A sale the server refuses (a product deleted meanwhile) needs a decision: it stays on the
 *   device with the reason, and the ones after it are still sent.
 * - No network or a server error stops the round; the next one (back online, retry now, the
 *   timer) starts again from the first unsent sale.
 * - Customers added offline go first, each once (their local id is their Idempotency-Key); the
 *   sales for them are rewritten to the server's id before they are sent, and a sale whose
 *   customer is not on the server yet is not sent.
 */
export async function sendQueuedSales(storeId: string): Promise<void> {
  const run = async () => {
    if (!(await sendQueuedCustomers(storeId))) return;
    for (const listed of await salesOf(storeId)) {
      // Read again inside the lock: another tab may have sent it meanwhile.
      let sale = await getSale(listed.key);
      if (!sale || sale.state === 'sent' || sale.state === 'needs_decision') continue;
      const customerId = (sale.body as { customer_id?: string }).customer_id;
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
        if (!sale || isLocalCustomerId((sale.body as { customer_id?: string }).customer_id)) return;
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
        body: customer.body as never,
        headers: { 'Idempotency-Key': customer.key },
      });
      await customerSent(customer.key, answer.data);
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      // 409 here is the same key still being recorded (a tab closed mid-send): later.
      if (status >= 400 && status < 500 && ![401, 408, 409, 429].includes(status)) {
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
 * The till's clock as the sale leaves: the server compares it with its own and dates the sale by
 * the store's clock when the till's is off (decision 0047). Not part of what a resend must match.
 */
function withSendingTime(body: unknown): unknown {
  const sale = body as { offline?: Record<string, unknown> };
  return sale.offline ? { ...sale, offline: { ...sale.offline, sent_at: new Date().toISOString() } } : body;
}

/** Sends one sale; false when the round should stop (no network, server trouble). */
async function sendOne(storeId: string, sale: QueuedSale): Promise<boolean> {
  await updateSale(sale.key, { state: 'sending', attempts: sale.attempts + 1 });
  try {
    const answer = await call(ordersRoutes.create, {
      storeId,
      body: withSendingTime(sale.body) as never,
      headers: { 'Idempotency-Key': sale.key },
    });
    const order: Order = answer.data;
    await updateSale(sale.key, {
      state: 'sent',
      error: null,
      orderId: order.id,
      orderNumber: order.number,
      offlineState: order.offline_state,
      issues: order.offline_issues.map((i) => i.message),
      sentAt: new Date().toISOString(),
    });
    return true;
  } catch (error) {
    const status = error instanceof ApiError ? error.status : 0;
    // A refusal about the sale itself: it waits for a decision; the others go on.
    if (status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429) {
      await updateSale(sale.key, { state: 'needs_decision', error: messageOf(error) });
      return true;
    }
    await updateSale(sale.key, { state: 'queued', error: status === 0 ? null : messageOf(error) });
    return false;
  }
}

/**
 * Brings the device's copy of the catalogue up to date: "changes since" the cursor of the last
 * answer, page after page. Errors are left to the caller (offline, it simply fails).
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
