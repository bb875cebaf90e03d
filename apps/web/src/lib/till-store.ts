import type { Customer } from '@tillbook/contract/customers';
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
}

interface TillDb extends DBSchema {
  products: { key: string; value: Product & { storeId: string }; indexes: { code: [string, string] } };
  customers: { key: string; value: Customer & { storeId: string } };
  meta: { key: string; value: CatalogueMeta };
  sales: { key: string; value: QueuedSale; indexes: { byStore: [string, number] } };
  device: { key: string; value: { id: string; next: number } };
}

const DB_NAME = 'tillbook-till';
let opened: Promise<IDBPDatabase<TillDb>> | null = null;

export function tillDb(): Promise<IDBPDatabase<TillDb>> {
  opened ??= openDB<TillDb>(DB_NAME, 1, {
    upgrade(db) {
      const products = db.createObjectStore('products', { keyPath: 'id' });
      // Barcode and SKU share one index: a scanner types either.
      products.createIndex('code', ['storeId', 'barcode']);
      db.createObjectStore('customers', { keyPath: 'id' });
      db.createObjectStore('meta', { keyPath: 'storeId' });
      const sales = db.createObjectStore('sales', { keyPath: 'key' });
      sales.createIndex('byStore', ['storeId', 'seq']);
      db.createObjectStore('device');
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
      if (c.value.storeId === storeId) await c.delete();
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

/**
 * The next offline number of this device: `OFF-<device id>-<n>`. The device id is made once at
 * random (6 of 32 characters: a billion ids) and kept; `n` counts up in the same transaction, so
 * two tabs never take the same number.
 */
export async function nextOfflineNumber(): Promise<string> {
  const db = await tillDb();
  const tx = db.transaction('device', 'readwrite');
  const device = (await tx.store.get(DEVICE_KEY)) ?? {
    id: Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) => DEVICE_ALPHABET[b % 32]).join(''),
    next: 1,
  };
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
