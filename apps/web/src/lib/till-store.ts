import type { Customer, TillCustomerResult } from '@tillbook/contract/customers';
import type { Discount } from '@tillbook/contract/discounts';
import type { Order, OrderQuote } from '@tillbook/contract/orders';
import type { Product } from '@tillbook/contract/products';
import type { ShippingRate } from '@tillbook/contract/shipping';
import type { TaxRule } from '@tillbook/contract/tax';
import type { TillChanges, TillSettings } from '@tillbook/contract/till';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * The till's data on the device, in IndexedDB through `idb` (decision 0036): the current store's
 * catalogue (products, customers and the small lists), brought up to date by `GET /till/changes`,
 * and the queue of sales made offline. The catalogue is cleared on sign-out and store switch;
 * the queue never is (a sale waiting there is money taken), and sign-out warns while it holds any.
 */

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

export type QueuedSaleState = 'queued' | 'sending' | 'sent' | 'needs_decision';

export interface QueuedSale {
  /** The sale's Idempotency-Key: the same on every attempt, across reloads and tabs. */
  key: string;
  storeId: string;
  /** Order of sale on this device: the queue is sent in this order. */
  seq: number;
  offlineNumber: string;
  soldAt: string;
  /** The body of `POST /order`, with its `offline` part. */
  body: unknown;
  /** The receipt shown at the till (an order-shaped answer marked offline, pending). */
  receipt: Order;
  quote: OrderQuote;
  state: QueuedSaleState;
  attempts: number;
  /** Why the server refused it, for a sale that needs a decision. */
  error: string | null;
  /** The order the server made of it, once sent. */
  orderId: string | null;
  orderNumber: string | null;
  /** The server's verdict: accepted, or needs review (with what differed). */
  offlineState: string | null;
  issues: string[];
  sentAt: string | null;
  /**
   * For a sale to a customer added offline whose phone or email turned out to be an existing
   * customer's: the sentence saying the sale went to them.
   */
  customerNote?: string | null;
}

/** The fields of the till's add-customer form (`createCustomerBody` of the contract, checked). */
export interface NewCustomerBody {
  first_name: string;
  last_name: string;
  phone_number: string;
  email_address?: string | null;
}

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

/** Ids the device makes for customers added offline start with this; the server's never do. */
export const LOCAL_CUSTOMER_PREFIX = 'till-customer-';
export const isLocalCustomerId = (id: string | null | undefined): id is string =>
  typeof id === 'string' && id.startsWith(LOCAL_CUSTOMER_PREFIX);

interface TillDb extends DBSchema {
  products: { key: string; value: Product & { storeId: string }; indexes: { code: [string, string] } };
  customers: { key: string; value: Customer & { storeId: string } };
  meta: { key: string; value: CatalogueMeta };
  sales: { key: string; value: QueuedSale; indexes: { byStore: [string, number] } };
  device: { key: string; value: { id: string; next: number } };
  newCustomers: { key: string; value: QueuedCustomer; indexes: { byStore: [string, number] } };
}

const DB_NAME = 'tillbook-till';
let opened: Promise<IDBPDatabase<TillDb>> | null = null;

export function tillDb(): Promise<IDBPDatabase<TillDb>> {
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

/** Writes one answer of `GET /till/changes` (a full one replaces what the device had). */
export async function applyChanges(storeId: string, changes: TillChanges): Promise<void> {
  const db = await tillDb();
  const tx = db.transaction(['products', 'customers', 'meta'], 'readwrite');
  if (changes.full) {
    // A full answer replaces the copy: what it does not list is gone.
    let p = await tx.objectStore('products').openCursor();
    while (p) {
      if (p.value.storeId === storeId) await p.delete();
      p = await p.continue();
    }
    let c = await tx.objectStore('customers').openCursor();
    while (c) {
      // A customer added offline stays until the server has it (then it is replaced by id).
      if (c.value.storeId === storeId && !isLocalCustomerId(c.value.id)) await c.delete();
      c = await c.continue();
    }
  }
  for (const p of changes.products) void tx.objectStore('products').put({ ...p, storeId });
  for (const id of changes.removed_product_ids) void tx.objectStore('products').delete(id);
  for (const c of changes.customers) void tx.objectStore('customers').put({ ...c, storeId });
  void tx.objectStore('meta').put({
    storeId,
    cursor: changes.cursor,
    syncedAt: changes.server_time,
    discounts: changes.discounts,
    taxRules: changes.tax_rules,
    shippingRates: changes.shipping_rates,
    settings: changes.settings,
    store: changes.store,
  });
  await tx.done;
  indexChanged(storeId, changes);
}

export async function catalogueMeta(storeId: string): Promise<CatalogueMeta | undefined> {
  return (await tillDb()).get('meta', storeId);
}

// The products in memory (decision 0036, "Scanning at the speed of the network"): a scan or a
// search reads Maps built once from IndexedDB when the till opens and kept up to date by every
// answer of the changes call written here; another tab's answer or a cleared catalogue makes
// this tab read IndexedDB again. IndexedDB stays the copy that survives a reload.

interface ProductIndex {
  byId: Map<string, Product>;
  byBarcode: Map<string, Product>;
  /** SKUs lower-cased: a scanner or a cashier types either case. */
  bySku: Map<string, Product>;
  /** Each product's words (name, SKU, barcode) lower-cased, for the search. */
  words: Map<string, string[]>;
}

let indexed: { storeId: string; index: Promise<ProductIndex> } | null = null;

const wordsOf = (p: Product) => `${p.name} ${p.sku} ${p.barcode}`.toLowerCase().split(/[^\p{L}\p{N}]+/u);

function putInIndex(index: ProductIndex, product: Product): void {
  removeFromIndex(index, product.id);
  index.byId.set(product.id, product);
  if (product.barcode) index.byBarcode.set(product.barcode, product);
  if (product.sku) index.bySku.set(product.sku.toLowerCase(), product);
  index.words.set(product.id, wordsOf(product));
}

function removeFromIndex(index: ProductIndex, id: string): void {
  const old = index.byId.get(id);
  if (!old) return;
  index.byId.delete(id);
  index.words.delete(id);
  if (index.byBarcode.get(old.barcode) === old) index.byBarcode.delete(old.barcode);
  if (index.bySku.get(old.sku.toLowerCase()) === old) index.bySku.delete(old.sku.toLowerCase());
}

const emptyIndex = (): ProductIndex => ({
  byId: new Map(),
  byBarcode: new Map(),
  bySku: new Map(),
  words: new Map(),
});

async function readIndex(storeId: string): Promise<ProductIndex> {
  const index = emptyIndex();
  for (const p of await (await tillDb()).getAll('products')) {
    if (p.storeId !== storeId) continue;
    const { storeId: _store, ...product } = p;
    putInIndex(index, product);
  }
  return index;
}

/** The store's products in memory, read from IndexedDB the first time (and after another tab's change). */
function productIndex(storeId: string): Promise<ProductIndex> {
  if (indexed?.storeId !== storeId) keepIndex(storeId, readIndex(storeId));
  return indexed!.index;
}

function keepIndex(storeId: string, index: Promise<ProductIndex>): void {
  indexed = { storeId, index };
  // A failed read (no IndexedDB) is tried again by the next look-up.
  index.catch(() => {
    if (indexed?.index === index) indexed = null;
  });
}

/** Reads the copy into memory now (the till opening), so the first scan does not wait for it. */
export function loadProductIndex(storeId: string): void {
  productIndex(storeId).catch(() => undefined);
}

/**
 * An answer of the changes call just written: applied to the Maps as well (after the read
 * that builds them, whichever transaction it saw: writing the same rows twice is harmless),
 * and other tabs told to read theirs again.
 */
function indexChanged(storeId: string, changes: TillChanges): void {
  if (indexed?.storeId === storeId) {
    keepIndex(
      storeId,
      indexed.index.then((index) => {
        if (changes.full) Object.assign(index, emptyIndex());
        for (const p of changes.products) putInIndex(index, p);
        for (const id of changes.removed_product_ids) removeFromIndex(index, id);
        return index;
      }),
    );
  }
  catalogueChannel?.postMessage(storeId);
}

const catalogueChannel =
  typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('tillbook-catalogue');
catalogueChannel?.addEventListener('message', (event: MessageEvent<string | null>) => {
  // Another tab changed the copy (null: cleared it): read it again when next needed.
  const storeId = indexed?.storeId;
  indexed = null;
  if (storeId && event.data === storeId) loadProductIndex(storeId);
});

/** The product with this barcode or SKU in the device's copy (what the scan box looks up offline). */
export async function productByCode(storeId: string, code: string): Promise<Product | undefined> {
  const index = await productIndex(storeId);
  const wanted = code.trim();
  return index.byBarcode.get(wanted) ?? index.bySku.get(wanted.toLowerCase());
}

/** Products whose name, SKU or barcode has a word starting with each typed word (as the server's search). */
export async function searchProductsOnDevice(storeId: string, text: string, limit = 8): Promise<Product[]> {
  const index = await productIndex(storeId);
  const typed = text.toLowerCase().split(/\s+/).filter(Boolean);
  const found: Product[] = [];
  for (const p of index.byId.values()) {
    if (p.status !== 'active') continue;
    const words = index.words.get(p.id)!;
    if (typed.every((w) => words.some((t) => t.startsWith(w)))) found.push(p);
  }
  return found.sort((a, b) => a.name.localeCompare(b.name)).slice(0, limit);
}

export async function productsOnDevice(storeId: string, ids: string[]): Promise<Map<string, Product>> {
  const index = await productIndex(storeId);
  const out = new Map<string, Product>();
  for (const id of ids) {
    const p = index.byId.get(id);
    if (p) out.set(id, p);
  }
  return out;
}

export async function customerOnDevice(storeId: string, id: string): Promise<Customer | undefined> {
  const c = await (await tillDb()).get('customers', id);
  return c && c.storeId === storeId ? c : undefined;
}

/**
 * Customers of the device's copy whose name, phone or email has a word starting with each typed
 * word (offline, the till's customer search reads these), active ones, by name.
 */
export async function searchCustomersOnDevice(storeId: string, text: string, limit = 8): Promise<Customer[]> {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  const found: Customer[] = [];
  let cursor = await (await tillDb()).transaction('customers').store.openCursor();
  while (cursor) {
    const c = cursor.value;
    if (c.storeId === storeId && c.is_active) {
      const terms = `${c.full_name} ${c.phone_number} ${c.email_address ?? ''}`
        .toLowerCase()
        .split(/[^\p{L}\p{N}@.+]+/u);
      if (words.every((w) => terms.some((t) => t.startsWith(w) || t.replace(/^\+/, '').startsWith(w))))
        found.push(c);
    }
    cursor = await cursor.continue();
  }
  return found.sort((a, b) => a.full_name.localeCompare(b.full_name)).slice(0, limit);
}

/** A customer of the device's copy with this phone number, or else this email (blocked ones too). */
export async function customerByContacts(
  storeId: string,
  phone: string,
  email: string | null | undefined,
): Promise<Customer | undefined> {
  let byEmail: Customer | undefined;
  let cursor = await (await tillDb()).transaction('customers').store.openCursor();
  while (cursor) {
    const c = cursor.value;
    if (c.storeId === storeId) {
      if (c.phone_number === phone) return c;
      if (email && c.email_address?.toLowerCase() === email.toLowerCase()) byEmail ??= c;
    }
    cursor = await cursor.continue();
  }
  return byEmail;
}

/** Forgets the catalogue of every store (sign-out, store switch). Queued sales stay. */
export async function clearCatalogue(): Promise<void> {
  const db = await tillDb();
  const tx = db.transaction(['products', 'customers', 'meta'], 'readwrite');
  await Promise.all([
    tx.objectStore('products').clear(),
    tx.objectStore('customers').clear(),
    tx.objectStore('meta').clear(),
    tx.done,
  ]);
  indexed = null;
  catalogueChannel?.postMessage(null);
}

// The device and its numbers

const DEVICE_KEY = 'this-device';
const DEVICE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

type DeviceRow = { id: string; next: number };

const newDevice = (): DeviceRow => ({
  id: Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) => DEVICE_ALPHABET[b % 32]).join(''),
  next: 1,
});

/**
 * This device's id, made now if it has none. The till sends it when it refreshes its catalogue,
 * so the server keeps the device's numbers for this browser before the till numbers any sale
 * (decision 0047).
 */
export async function tillDeviceId(): Promise<string> {
  const db = await tillDb();
  const tx = db.transaction('device', 'readwrite');
  let device = await tx.store.get(DEVICE_KEY);
  if (!device) {
    device = newDevice();
    await tx.store.put(device, DEVICE_KEY);
  }
  await tx.done;
  return device.id;
}

/**
 * The next offline number of this device: `OFF-<device id>-<n>`. The device id is made once at
 * random (6 of 32 characters: a billion ids) and kept; `n` counts up in the same transaction, so
 * two tabs never take the same number.
 */
export async function nextOfflineNumber(): Promise<string> {
  const db = await tillDb();
  const tx = db.transaction('device', 'readwrite');
  const device = (await tx.store.get(DEVICE_KEY)) ?? newDevice();
  const number = `OFF-${device.id}-${device.next}`;
  await tx.store.put({ id: device.id, next: device.next + 1 }, DEVICE_KEY);
  await tx.done;
  return number;
}

// The queue

export async function queueSale(sale: Omit<QueuedSale, 'seq'>): Promise<QueuedSale> {
  const db = await tillDb();
  const tx = db.transaction('sales', 'readwrite');
  let last = 0;
  const cursor = await tx.store
    .index('byStore')
    .openCursor(IDBKeyRange.bound([sale.storeId, 0], [sale.storeId, Number.MAX_SAFE_INTEGER]), 'prev');
  if (cursor) last = cursor.value.seq;
  const queued = { ...sale, seq: last + 1 };
  await tx.store.put(queued);
  await tx.done;
  notifyQueueChanged();
  return queued;
}

export async function salesOf(storeId: string): Promise<QueuedSale[]> {
  const db = await tillDb();
  return db.getAllFromIndex(
    'sales',
    'byStore',
    IDBKeyRange.bound([storeId, 0], [storeId, Number.MAX_SAFE_INTEGER]),
  );
}

export async function updateSale(key: string, change: Partial<QueuedSale>): Promise<QueuedSale | undefined> {
  const db = await tillDb();
  const tx = db.transaction('sales', 'readwrite');
  const sale = await tx.store.get(key);
  if (!sale) return undefined;
  const next = { ...sale, ...change };
  await tx.store.put(next);
  await tx.done;
  notifyQueueChanged();
  return next;
}

export async function getSale(key: string): Promise<QueuedSale | undefined> {
  return (await tillDb()).get('sales', key);
}

/** Sales not yet recorded by the server, in every store (what sign-out warns about). */
export async function unsentSalesCount(): Promise<number> {
  const all = await (await tillDb()).getAll('sales');
  return all.filter((s) => s.state !== 'sent').length;
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
  const last = await queue
    .index('byStore')
    .openCursor(IDBKeyRange.bound([storeId, 0], [storeId, Number.MAX_SAFE_INTEGER]), 'prev');
  const key = `${LOCAL_CUSTOMER_PREFIX}${crypto.randomUUID()}`;
  const now = new Date().toISOString();
  await queue.put({
    key,
    storeId,
    seq: (last?.value.seq ?? 0) + 1,
    body,
    addedAt: now,
    state: 'queued',
    attempts: 0,
    error: null,
    serverId: null,
    existing: false,
    message: null,
    result: null,
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
    created_at: now,
    updated_at: now,
  };
  await tx.objectStore('customers').put({ ...customer, storeId });
  await tx.done;
  notifyQueueChanged();
  return customer;
}

export async function customersQueuedOf(storeId: string): Promise<QueuedCustomer[]> {
  return (await tillDb()).getAllFromIndex(
    'newCustomers',
    'byStore',
    IDBKeyRange.bound([storeId, 0], [storeId, Number.MAX_SAFE_INTEGER]),
  );
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
  notifyQueueChanged();
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
  let cursor = await tx
    .objectStore('sales')
    .index('byStore')
    .openCursor(IDBKeyRange.bound([queued.storeId, 0], [queued.storeId, Number.MAX_SAFE_INTEGER]));
  while (cursor) {
    const sale = cursor.value;
    const body = sale.body as { customer_id?: string };
    if (sale.state !== 'sent' && body.customer_id === key) {
      await cursor.update({
        ...sale,
        body: { ...body, customer_id: serverId },
        receipt: {
          ...sale.receipt,
          customer_id: serverId,
          customer: sale.receipt.customer
            ? { ...sale.receipt.customer, id: serverId, name: result.customer.full_name }
            : null,
        },
        customerNote: result.existing ? result.message : null,
      });
    }
    cursor = await cursor.continue();
  }
  await tx.done;
  notifyQueueChanged();
}

// Every tab hears of a change to the queue (this one by a call, the others by a BroadcastChannel).
const listeners = new Set<() => void>();
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('tillbook-sales');
channel?.addEventListener('message', () => listeners.forEach((l) => l()));

export function notifyQueueChanged(): void {
  listeners.forEach((l) => l());
  channel?.postMessage('changed');
}

export function onQueueChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
