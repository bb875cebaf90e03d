import type { Body } from '@tillbook/contract/common';
import type { createCustomerBody, Customer, TillCustomerResult } from '@tillbook/contract/customers';
import type { Discount } from '@tillbook/contract/discounts';
import type { Order, OrderQuote, ordersRoutes } from '@tillbook/contract/orders';
import type { Product } from '@tillbook/contract/products';
import type { ShareChannel } from '@tillbook/contract/receipts';
import type { ShippingRate } from '@tillbook/contract/shipping';
import type { TaxRule } from '@tillbook/contract/tax';
import type { TillChanges, TillSettings } from '@tillbook/contract/till';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { z } from 'zod';

/**
 * The till's database on the device, IndexedDB through `idb` (decisions 0036 and 0052): what
 * each store holds and how it is opened. The till feature gives it meaning
 * (`features/till/outbox`, `catalogue`); it lives in `lib/` because signing out, which is not the
 * till's, forgets the catalogue and counts the sales still waiting (`clearCatalogue`,
 * `unsentSalesCount`). The catalogue is cleared on sign-out and store switch; the outbox never
 * is (a sale waiting there is money taken).
 */

/** The body of `POST /order`, as the contract types it: what the outbox sends. */
export type OrderBody = Body<typeof ordersRoutes.create>;

/**
 * The body of `POST /customers/till` as the contract's schema leaves it: the till checks the form
 * with `createCustomerBody` on the device and keeps what it answers.
 */
export type NewCustomerBody = z.output<typeof createCustomerBody>;

export interface CatalogueMeta {
  storeId: string;
  cursor: string;
  /** The server's clock at the last answer: how fresh the copy's prices are. */
  syncedAt: string;
  discounts: Discount[];
  taxRules: TaxRule[];
  shippingRates: ShippingRate[];
  settings: TillSettings;
  store: TillChanges['store'];
}

export type OutboxSaleState = 'queued' | 'sending' | 'sent' | 'needs_decision';

interface OutboxSaleBase {
  /** The sale's Idempotency-Key: the same on every attempt, across reloads and tabs. */
  key: string;
  storeId: string;
  /** Order of sale on this device: the outbox is sent in this order. */
  seq: number;
  soldAt: string;
  /** The body of `POST /order`; a sale made offline carries its `offline` part. */
  body: OrderBody;
  quote: OrderQuote;
  state: OutboxSaleState;
  /** When the last attempt started: a `sending` sale no tab finished is tried again later. */
  sendingSince?: string | null;
  attempts: number;
  /** Why the server refused it, for a sale that needs a decision. */
  error: string | null;
  /** The order the server made of it, once sent. */
  orderId: string | null;
  orderNumber: string | null;
  /** The server's verdict on an offline sale: accepted, or needs review (with what differed). */
  offlineState: string | null;
  issues: string[];
  sentAt: string | null;
  /**
   * For a sale to a customer added offline whose phone or email turned out to be an existing
   * customer's: the sentence saying the sale went to them.
   */
  customerNote?: string | null;
  /** The receipt the cashier asked to share while the sale waited (issue 35). */
  share?: QueuedShare | null;
}

/**
 * A receipt to share once the store has the sale: its link is the server's to sign, so the
 * request waits with the sale. `waiting` until the sale is sent, then `ready` with the link and
 * the WhatsApp or SMS address one tap opens (a page may open WhatsApp only from a tap), then `done`.
 */
export interface QueuedShare {
  channel: ShareChannel;
  phone: string | null;
  state: 'waiting' | 'ready' | 'done';
  url: string | null;
  /** The wa.me or sms: address with the message, or the link itself to copy. */
  openUrl: string | null;
  error: string | null;
}

/**
 * A sale made with no network: numbered by the device (`OFF-<device>-<n>`), priced on it, with a
 * receipt marked offline, pending.
 */
export interface OfflineOutboxSale extends OutboxSaleBase {
  mode?: 'offline';
  offlineNumber: string;
  receipt: Order;
  /**
   * The exact body of a sale first sent online whose request failed for the network: the server
   * may have made the sale, so it is sent again first, under the same key (decision 0052).
   */
  sentOnline?: OrderBody | null;
}

/**
 * A sale made online: in the outbox only while it is sent (a tab closed meanwhile leaves it
 * there, and the next round sends it again under the same key). It has no device number and its
 * receipt is the server's answer.
 */
export interface OnlineOutboxSale extends OutboxSaleBase {
  mode: 'online';
  offlineNumber: null;
  receipt: null;
}

export type OutboxSale = OfflineOutboxSale | OnlineOutboxSale;

export type QueuedCustomerState = 'queued' | 'sent' | 'needs_decision';

/**
 * A customer added at the till with no network. `key` is both the customer's id on the device
 * (what the cart and queued sales carry until the server gives its own) and the Idempotency-Key
 * of `POST /customers/till`, so the customer is added once however often it is sent.
 */
export interface QueuedCustomer {
  key: string;
  storeId: string;
  seq: number;
  body: NewCustomerBody;
  addedAt: string;
  state: QueuedCustomerState;
  attempts: number;
  error: string | null;
  /** The server's id: the customer added, or the existing one the phone or email belonged to. */
  serverId: string | null;
  existing: boolean;
  message: string | null;
  /** The server's answer, kept to relink a sale queued with the local id after it came. */
  result: TillCustomerResult | null;
}

interface TillDb extends DBSchema {
  products: { key: string; value: Product & { storeId: string }; indexes: { code: [string, string] } };
  customers: { key: string; value: Customer & { storeId: string } };
  meta: { key: string; value: CatalogueMeta };
  /** The outbox (its store keeps the name it had as the offline queue, so no data moves). */
  sales: { key: string; value: OutboxSale; indexes: { byStore: [string, number] } };
  device: { key: string; value: { id: string; next: number } };
  newCustomers: { key: string; value: QueuedCustomer; indexes: { byStore: [string, number] } };
}

export type TillDatabase = IDBPDatabase<TillDb>;

const DB_NAME = 'tillbook-till';
let opened: Promise<TillDatabase> | null = null;

export function tillDb(): Promise<TillDatabase> {
  opened ??= openDB<TillDb>(DB_NAME, 2, {
    // By the stores missing rather than by the old version: a database made empty by anything
    // else that opened the name first still gets every store.
    upgrade(db) {
      const missing = (name: 'products' | 'customers' | 'meta' | 'sales' | 'device' | 'newCustomers') =>
        !db.objectStoreNames.contains(name);
      if (missing('products')) {
        const products = db.createObjectStore('products', { keyPath: 'id' });
        // Barcode and SKU share one index: a scanner types either.
        products.createIndex('code', ['storeId', 'barcode']);
      }
      if (missing('customers')) db.createObjectStore('customers', { keyPath: 'id' });
      if (missing('meta')) db.createObjectStore('meta', { keyPath: 'storeId' });
      if (missing('sales')) {
        const sales = db.createObjectStore('sales', { keyPath: 'key' });
        sales.createIndex('byStore', ['storeId', 'seq']);
      }
      if (missing('device')) db.createObjectStore('device');
      // Version 2: customers added offline, sent before the sales (decision 0036); never cleared.
      if (missing('newCustomers')) {
        const added = db.createObjectStore('newCustomers', { keyPath: 'key' });
        added.createIndex('byStore', ['storeId', 'seq']);
      }
    },
    // A newer version of the app opened in another tab needs to upgrade: this tab lets go (it
    // opens again, at the new version, on its next use).
    blocking(_current, _next, event) {
      (event.target as IDBDatabase).close();
      opened = null;
    },
  });
  return opened;
}

/** Every row of a store in an index keyed `[storeId, seq]`, in order. */
export const ofStore = (storeId: string) =>
  IDBKeyRange.bound([storeId, 0], [storeId, Number.MAX_SAFE_INTEGER]);

/**
 * The channel on which a tab says it changed the device's catalogue (the store's id) or cleared
 * it (null): every other tab reads its copy in memory again (`features/till/catalogue`).
 */
export const CATALOGUE_CHANNEL = 'tillbook-catalogue';

/** Forgets the catalogue of every store (sign-out, store switch). The outbox stays. */
export async function clearCatalogue(): Promise<void> {
  const db = await tillDb();
  const tx = db.transaction(['products', 'customers', 'meta'], 'readwrite');
  await Promise.all([
    tx.objectStore('products').clear(),
    tx.objectStore('customers').clear(),
    tx.objectStore('meta').clear(),
    tx.done,
  ]);
  // A channel of its own, so this tab's product index hears it too.
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CATALOGUE_CHANNEL);
  channel.postMessage(null);
  channel.close();
}

/** Sales not yet recorded by the server, in every store (what sign-out warns about). */
export async function unsentSalesCount(): Promise<number> {
  const all = await (await tillDb()).getAll('sales');
  return all.filter((s) => s.state !== 'sent').length;
}
