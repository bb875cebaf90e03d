import type { Customer } from '@tillbook/contract/customers';
import type { TillChanges } from '@tillbook/contract/till';
import { tillDb, type CatalogueMeta } from '../../../lib/till-db';
import { indexChanged } from './product-index';

/**
 * The store's catalogue on the device (decision 0036): products, customers and the small lists,
 * brought up to date by `GET /till/changes` (`api/till-changes.ts`). The products are also kept
 * in memory (`product-index.ts`); the customers are read from IndexedDB.
 */

/** Ids the device makes for customers added offline start with this; the server's never do. */
export const LOCAL_CUSTOMER_PREFIX = 'till-customer-';
export const isLocalCustomerId = (id: string | null | undefined): id is string =>
  typeof id === 'string' && id.startsWith(LOCAL_CUSTOMER_PREFIX);

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

/**
 * A customer as the server answered just now, kept in the device's copy: the changes sync sends
 * a customer again only when their record changes, not when their account moves, so the till
 * keeps the freshest balance it saw for an offline sale on credit (decision 0065).
 */
export async function rememberCustomer(storeId: string, customer: Customer): Promise<void> {
  await (await tillDb()).put('customers', { ...customer, storeId });
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
