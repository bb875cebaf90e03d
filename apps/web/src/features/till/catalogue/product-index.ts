import type { Product } from '@tillbook/contract/products';
import type { TillChanges } from '@tillbook/contract/till';
import { CATALOGUE_CHANNEL, tillDb } from '../../../lib/till-db';

// The products in memory (decision 0036, "Scanning at the speed of the network"): a scan or a
// search reads Maps built once from IndexedDB when the till opens and kept up to date by every
// answer of the changes call this tab writes (`indexChanged`); another tab's answer or a cleared
// catalogue makes this tab read IndexedDB again. IndexedDB stays the copy that survives a reload.

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
export function indexChanged(storeId: string, changes: TillChanges): void {
  // An answer that changed nothing (most rounds) draws nothing again.
  if (changes.full || changes.products.length || changes.removed_product_ids.length)
    queueMicrotask(() => tellListeners(storeId));
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

// This module's own channel object: it does not hear what it posts itself, but hears the other
// tabs and `clearCatalogue` (lib/till-db), which posts on another object.
const catalogueChannel =
  typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CATALOGUE_CHANNEL);
catalogueChannel?.addEventListener('message', (event: MessageEvent<string | null>) => {
  // Another tab changed the copy (null: cleared it): read it again when next needed.
  const storeId = indexed?.storeId;
  indexed = null;
  if (storeId && event.data === storeId) loadProductIndex(storeId);
  if (event.data) tellListeners(event.data);
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

const listeners = new Set<(storeId: string) => void>();
function tellListeners(storeId: string): void {
  for (const listener of listeners) listener(storeId);
}

/**
 * Calls `listener` when this tab's copy of a store's catalogue changed (the phone till's grid
 * draws its products from it). Returns the unsubscribe.
 */
export function onProductIndexChanged(listener: (storeId: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Active products of the device's copy by name: the grid's filler when few are pinned or sold. */
export async function activeProductsOnDevice(storeId: string, limit: number): Promise<Product[]> {
  const index = await productIndex(storeId);
  const found = [...index.byId.values()].filter((p) => p.status === 'active');
  return found.sort((a, b) => a.name.localeCompare(b.name)).slice(0, limit);
}
