import type { Customer, TillCustomerResult } from '@tillbook/contract/customers';
import {
  ofStore,
  tillDb,
  type NewCustomerBody,
  type OfflineOutboxSale,
  type OnlineOutboxSale,
  type OutboxSale,
  type QueuedCustomer,
} from '../../../lib/till-db';
import { LOCAL_CUSTOMER_PREFIX } from '../catalogue/catalogue-cache';

/**
 * The outbox's rows in IndexedDB (decision 0052): the sales, each with its Idempotency-Key, and
 * the customers added offline that go before them. `outbox.ts` decides what to send; this file
 * only reads and writes, and tells every tab of each change.
 */

type NewSale = Omit<OfflineOutboxSale, 'seq'> | Omit<OnlineOutboxSale, 'seq'>;

/** A sale's fields before the server has answered it (online or offline). */
export const NOT_ANSWERED = {
  error: null,
  orderId: null,
  orderNumber: null,
  offlineState: null,
  issues: [],
  sentAt: null,
} as const satisfies Partial<OutboxSale>;

/** A customer added offline, before it is sent. */
export const CUSTOMER_NOT_SENT = {
  state: 'queued',
  attempts: 0,
  error: null,
  serverId: null,
  existing: false,
  message: null,
  result: null,
} as const satisfies Partial<QueuedCustomer>;

/**
 * Puts a sale in the outbox, after the store's others. A sale already there under the same key
 * (the cashier pressed again after an answer was lost) is left as it is and answered.
 */
export async function putSale(sale: NewSale): Promise<OutboxSale> {
  const db = await tillDb();
  const tx = db.transaction('sales', 'readwrite');
  const existing = await tx.store.get(sale.key);
  if (existing) {
    await tx.done;
    return existing;
  }
  const last = await tx.store.index('byStore').openCursor(ofStore(sale.storeId), 'prev');
  const queued: OutboxSale = { ...sale, seq: (last?.value.seq ?? 0) + 1 };
  await tx.store.put(queued);
  await tx.done;
  notifyOutboxChanged();
  return queued;
}

/** Replaces a sale by key (a sale made online becoming an offline one keeps its key and place). */
export async function replaceSale<S extends OutboxSale>(sale: S): Promise<S> {
  await (await tillDb()).put('sales', sale);
  notifyOutboxChanged();
  return sale;
}

export async function salesOf(storeId: string): Promise<OutboxSale[]> {
  return (await tillDb()).getAllFromIndex('sales', 'byStore', ofStore(storeId));
}

type SaleChange = Partial<
  Omit<OutboxSale, 'key' | 'storeId' | 'seq' | 'mode' | 'offlineNumber' | 'receipt'>
> & {
  /** Only ever cleared: the body sent online was refused, so the sale is the offline one now. */
  sentOnline?: null;
};

export async function updateSale(key: string, change: SaleChange): Promise<OutboxSale | undefined> {
  const db = await tillDb();
  const tx = db.transaction('sales', 'readwrite');
  const sale = await tx.store.get(key);
  if (!sale) return undefined;
  const next: OutboxSale = { ...sale, ...change };
  await tx.store.put(next);
  await tx.done;
  notifyOutboxChanged();
  return next;
}

export async function getSale(key: string): Promise<OutboxSale | undefined> {
  return (await tillDb()).get('sales', key);
}

/** Takes a sale out: one the server answered at once, or refused while the cashier waited. */
export async function removeSale(key: string): Promise<void> {
  await (await tillDb()).delete('sales', key);
  notifyOutboxChanged();
}

// Customers added offline

/**
 * Keeps a customer added at the till with no network: queued to be sent before the sales, and
 * put in the device's copy so it can be found and sold to at once. Answers it as the copy holds it.
 */
export async function queueCustomer(storeId: string, body: NewCustomerBody): Promise<Customer> {
  const db = await tillDb();
  const tx = db.transaction(['newCustomers', 'customers'], 'readwrite');
  const queue = tx.objectStore('newCustomers');
  const last = await queue.index('byStore').openCursor(ofStore(storeId), 'prev');
  const key = `${LOCAL_CUSTOMER_PREFIX}${crypto.randomUUID()}`;
  const now = new Date().toISOString();
  await queue.put({
    key,
    storeId,
    seq: (last?.value.seq ?? 0) + 1,
    body,
    addedAt: now,
    ...CUSTOMER_NOT_SENT,
  });
  const customer: Customer = {
    id: key,
    first_name: body.first_name,
    last_name: body.last_name,
    full_name: `${body.first_name} ${body.last_name}`.trim(),
    email_address: body.email_address ?? null,
    phone_number: body.phone_number,
    address: null,
    city: null,
    state: null,
    country: null,
    notes: null,
    is_active: true,
    status: 'active',
    orders_count: 0,
    total_spent: 0,
    last_order_at: null,
    // A customer made at the till has no credit until the owner gives them a limit.
    credit_limit: null,
    account_balance: 0,
    created_at: now,
    updated_at: now,
  };
  await tx.objectStore('customers').put({ ...customer, storeId });
  await tx.done;
  notifyOutboxChanged();
  return customer;
}

export async function customersQueuedOf(storeId: string): Promise<QueuedCustomer[]> {
  return (await tillDb()).getAllFromIndex('newCustomers', 'byStore', ofStore(storeId));
}

export async function queuedCustomer(key: string): Promise<QueuedCustomer | undefined> {
  return (await tillDb()).get('newCustomers', key);
}

export async function updateQueuedCustomer(key: string, change: Partial<QueuedCustomer>): Promise<void> {
  const db = await tillDb();
  const tx = db.transaction('newCustomers', 'readwrite');
  const found = await tx.store.get(key);
  if (found) await tx.store.put({ ...found, ...change });
  await tx.done;
  notifyOutboxChanged();
}

/**
 * The server has the customer added offline: in one transaction the queue records its id, the
 * device's copy holds the server's customer in place of the local one, and every sale still
 * waiting for the local id is rewritten to the server's id (before it is ever sent, so its
 * Idempotency-Key always goes with the same body). A sale that went to an existing customer
 * carries the sentence saying so.
 */
export async function customerSent(key: string, result: TillCustomerResult): Promise<void> {
  const db = await tillDb();
  const tx = db.transaction(['newCustomers', 'customers', 'sales'], 'readwrite');
  const queued = await tx.objectStore('newCustomers').get(key);
  if (!queued) return;
  const serverId = result.customer.id;
  await tx.objectStore('newCustomers').put({
    ...queued,
    state: 'sent',
    error: null,
    serverId,
    existing: result.existing,
    message: result.message,
    result,
  });
  await tx.objectStore('customers').delete(key);
  await tx.objectStore('customers').put({ ...result.customer, storeId: queued.storeId });
  let cursor = await tx.objectStore('sales').index('byStore').openCursor(ofStore(queued.storeId));
  while (cursor) {
    const sale = cursor.value;
    if (sale.state !== 'sent' && sale.body.customer_id === key) {
      const relinked = {
        body: { ...sale.body, customer_id: serverId },
        customerNote: result.existing ? result.message : null,
      };
      // An online sale never carries a local id (it waits as an offline one until the customer is sent).
      if (sale.mode !== 'online') {
        const customer = sale.receipt.customer && {
          ...sale.receipt.customer,
          id: serverId,
          name: result.customer.full_name,
        };
        await cursor.update({
          ...sale,
          ...relinked,
          receipt: { ...sale.receipt, customer_id: serverId, customer },
        });
      }
    }
    cursor = await cursor.continue();
  }
  await tx.done;
  notifyOutboxChanged();
}

// Every tab hears of a change to the outbox (this one by a call, the others by a BroadcastChannel).
const listeners = new Set<() => void>();
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('tillbook-sales');
channel?.addEventListener('message', () => listeners.forEach((l) => l()));

export function notifyOutboxChanged(): void {
  listeners.forEach((l) => l());
  channel?.postMessage('changed');
}

export function onOutboxChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
