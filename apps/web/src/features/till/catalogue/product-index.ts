import type { BarcodeMatch, Product, ProductPack } from '@tillbook/contract/products';
import type { TillChanges } from '@tillbook/contract/till';
import { CATALOGUE_CHANNEL, tillDb } from '../../../lib/till-db';
import { variantsOf } from '../components/sellable';

// The products in memory (decision 0036, "Scanning at the speed of the network"): a scan or a
// search reads Maps built once from IndexedDB when the till opens and kept up to date by every
// answer of the changes call this tab writes (`indexChanged`); another tab's answer or a cleared
// catalogue makes this tab read IndexedDB again. IndexedDB stays the copy that survives a reload.

/** What a code names (issue 33): a product, which of its variants, and the pack for a pack's barcode. */
export interface CodeHit {
  product: Product;
  variantId: string;
  pack: ProductPack | null;
}

export interface ProductIndex {
  byId: Map<string, Product>;
  /** Barcodes of products, of their variants and of their variants' packs. */
  byBarcode: Map<string, CodeHit>;
  /** SKUs (the product's and each variant's) lower-cased: a scanner or a cashier types either case. */
  bySku: Map<string, CodeHit>;
  /** Each product's words (name, variants, SKUs, barcodes) lower-cased, for the search. */
  words: Map<string, string[]>;
}

let indexed: { storeId: string; index: Promise<ProductIndex> } | null = null;

/** Every code of a product: its own, each variant's, each pack's (a pack has no SKU). */
function codesOf(product: Product): { barcodes: [string, CodeHit][]; skus: [string, CodeHit][] } {
  const own: CodeHit = { product, variantId: product.id, pack: null };
  const barcodes: [string, CodeHit][] = [];
  const skus: [string, CodeHit][] = [];
  // Packs first, then variants, then the product: a code shared by mistake names the product.
  for (const v of variantsOf(product)) {
    for (const pack of v.packs)
      if (pack.barcode) barcodes.push([pack.barcode, { product, variantId: v.id, pack }]);
  }
  for (const v of variantsOf(product)) {
    const hit: CodeHit = { product, variantId: v.id, pack: null };
    if (v.barcode) barcodes.push([v.barcode, hit]);
    if (v.sku) skus.push([v.sku.toLowerCase(), hit]);
  }
  if (product.barcode) barcodes.push([product.barcode, own]);
  if (product.sku) skus.push([product.sku.toLowerCase(), own]);
  return { barcodes, skus };
}

const wordsOf = (p: Product) =>
  [p.name, p.sku, p.barcode, ...variantsOf(p).flatMap((v) => [v.name, v.sku, v.barcode])]
    .join(' ')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

export function putInIndex(index: ProductIndex, product: Product): void {
  removeFromIndex(index, product.id);
  index.byId.set(product.id, product);
  const { barcodes, skus } = codesOf(product);
  for (const [code, hit] of barcodes) index.byBarcode.set(code, hit);
  for (const [code, hit] of skus) index.bySku.set(code, hit);
  index.words.set(product.id, wordsOf(product));
}

export function removeFromIndex(index: ProductIndex, id: string): void {
  const old = index.byId.get(id);
  if (!old) return;
  index.byId.delete(id);
  index.words.delete(id);
  // Only the codes still naming this product: another may have taken one since.
  const { barcodes, skus } = codesOf(old);
  for (const [code] of barcodes) if (index.byBarcode.get(code)?.product === old) index.byBarcode.delete(code);
  for (const [code] of skus) if (index.bySku.get(code)?.product === old) index.bySku.delete(code);
}

export const emptyIndex = (): ProductIndex => ({
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

/**
 * What a barcode or SKU names in an index, shaped as the server's answer to
 * `GET /product/search-barcode`: the product, the variant, and the pack for a pack's barcode.
 */
export function matchCode(index: ProductIndex, code: string): BarcodeMatch | undefined {
  const wanted = code.trim();
  const hit = index.byBarcode.get(wanted) ?? index.bySku.get(wanted.toLowerCase());
  return hit && { ...hit.product, variant_id: hit.variantId, pack: hit.pack };
}

/** What this barcode or SKU names in the device's copy (what the scan box looks up offline). */
export async function productByCode(storeId: string, code: string): Promise<BarcodeMatch | undefined> {
  return matchCode(await productIndex(storeId), code);
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
