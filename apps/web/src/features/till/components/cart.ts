import type { PaymentType } from '@tillbook/contract/orders';
import type { Product } from '@tillbook/contract/products';

export interface CartLine {
  product_id: string;
  name: string;
  sku: string;
  barcode: string;
  /** What the till expects to charge a unit (its sale price when lower); the server's quote rules. */
  unit_price: number;
  quantity: number;
  /** The line discount as typed, in major units ("" for none). */
  discount: string;
}

export interface CartCustomer {
  id: string;
  name: string;
  phone_number: string | null;
}

export interface Cart {
  lines: CartLine[];
  customer: CartCustomer | null;
  /** A code the server accepted for this cart. */
  discount_code: string | null;
  /** The store's shipping rate chosen for delivery; null when the customer takes the goods. */
  shipping_id: string | null;
  payment_type: PaymentType;
  /** As typed, in major units. */
  amount_received: string;
  notes: string;
  /**
   * The idempotency key of the sale being placed and the body it was sent with: a retry of the
   * same sale reuses the key (one sale, stock taken once); any change to the cart makes a new one.
   */
  attempt: { key: string; body: string } | null;
}

export const emptyCart = (): Cart => ({
  lines: [],
  customer: null,
  discount_code: null,
  shipping_id: null,
  payment_type: 'cash',
  amount_received: '',
  notes: '',
  attempt: null,
});

export const unitPriceOf = (p: Pick<Product, 'price' | 'sale_price'>): number =>
  p.sale_price && p.sale_price > 0 && p.sale_price < p.price ? p.sale_price : p.price;

/**
 * Adds a product (spec section 4): when it is already in the cart its quantity rises;
 * otherwise it is added at the top, where the cashier is looking.
 */
export function addProduct(cart: Cart, product: Product, quantity = 1): Cart {
  const existing = cart.lines.find((l) => l.product_id === product.id);
  if (existing) {
    return {
      ...cart,
      lines: cart.lines.map((l) =>
        l.product_id === product.id ? { ...l, quantity: l.quantity + quantity } : l,
      ),
    };
  }
  const line: CartLine = {
    product_id: product.id,
    name: product.name,
    sku: product.sku,
    barcode: product.barcode,
    unit_price: unitPriceOf(product),
    quantity,
    discount: '',
  };
  return { ...cart, lines: [line, ...cart.lines] };
}

export function setQuantity(cart: Cart, productId: string, quantity: number): Cart {
  if (quantity <= 0) return removeLine(cart, productId);
  return {
    ...cart,
    lines: cart.lines.map((l) => (l.product_id === productId ? { ...l, quantity } : l)),
  };
}

export function setLineDiscount(cart: Cart, productId: string, discount: string): Cart {
  return {
    ...cart,
    lines: cart.lines.map((l) => (l.product_id === productId ? { ...l, discount } : l)),
  };
}

export function removeLine(cart: Cart, productId: string): Cart {
  return { ...cart, lines: cart.lines.filter((l) => l.product_id !== productId) };
}

/**
 * What a scanner typed: a barcode, optionally with a quantity first ("3*6151234567890"), the
 * way tills let a cashier scan one of a case and key the count.
 */
export function parseScan(text: string): { code: string; quantity: number } | null {
  const value = text.trim();
  if (!value) return null;
  const match = /^(\d{1,4})\s*[*xX]\s*(\S+)$/.exec(value);
  if (match) {
    const quantity = Number(match[1]);
    return quantity > 0 ? { code: match[2]!, quantity } : null;
  }
  return { code: value, quantity: 1 };
}

/** Change due for cash: what was handed over less the total, never negative. */
export function changeDue(received: number | null, total: number): number {
  return received !== null && received > total ? received - total : 0;
}

const key = (storeId: string) => `tillbook-pos-cart:${storeId}`;

/** The cart of a store survives a reload (and a crash of the till's browser). */
export function loadCart(storeId: string): Cart {
  try {
    const raw = window.localStorage.getItem(key(storeId));
    if (!raw) return emptyCart();
    const parsed = JSON.parse(raw) as Partial<Cart>;
    if (!Array.isArray(parsed.lines)) return emptyCart();
    return { ...emptyCart(), ...parsed };
  } catch {
    return emptyCart();
  }
}

export function saveCart(storeId: string, cart: Cart): void {
  try {
    const isEmpty = cart.lines.length === 0 && !cart.customer && !cart.discount_code && !cart.shipping_id;
    if (isEmpty) window.localStorage.removeItem(key(storeId));
    else window.localStorage.setItem(key(storeId), JSON.stringify(cart));
  } catch {
    // Storage full or blocked: the cart still works, it only does not survive a reload.
  }
}

// Held carts: a cashier parks a sale (the customer went to fetch money) and serves the next one.

/** A parked sale. Holding reserves no stock: the sale is checked against stock when it is sold. */
export interface HeldCart {
  id: string;
  /** ISO time it was held. */
  held_at: string;
  cart: Cart;
}

/** More parked sales than this is a queue nobody will come back to; the oldest goes first. */
export const MAX_HELD_CARTS = 20;

const heldKey = (storeId: string) => `tillbook-pos-held:${storeId}`;

export function loadHeldCarts(storeId: string): HeldCart[] {
  try {
    const raw = window.localStorage.getItem(heldKey(storeId));
    const parsed = raw ? (JSON.parse(raw) as unknown) : [];
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter(
        (h): h is HeldCart =>
          typeof h === 'object' && h !== null && 'id' in h && Array.isArray((h as HeldCart).cart?.lines),
      )
      .map((h) => ({ ...h, cart: { ...emptyCart(), ...h.cart } }));
  } catch {
    return [];
  }
}

export function saveHeldCarts(storeId: string, held: HeldCart[]): void {
  try {
    if (held.length === 0) window.localStorage.removeItem(heldKey(storeId));
    else window.localStorage.setItem(heldKey(storeId), JSON.stringify(held));
  } catch {
    // Storage full or blocked: held carts then last until the page is closed.
  }
}

/**
 * Parks `cart` at the front of the list. Its idempotency attempt is dropped: a held sale that is
 * resumed later is a new attempt, priced again.
 */
export function holdCart(held: HeldCart[], cart: Cart, id: string, now: Date): HeldCart[] {
  if (cart.lines.length === 0) return held;
  return [{ id, held_at: now.toISOString(), cart: { ...cart, attempt: null } }, ...held].slice(
    0,
    MAX_HELD_CARTS,
  );
}

/**
 * Takes a held cart back to the till. A cart already on the till is not lost: it is held in
 * its place, so resuming swaps the two.
 */
export function resumeHeldCart(
  held: HeldCart[],
  id: string,
  current: Cart,
  newId: string,
  now: Date,
): { cart: Cart; held: HeldCart[] } | null {
  const target = held.find((h) => h.id === id);
  if (!target) return null;
  const rest = held.filter((h) => h.id !== id);
  return { cart: target.cart, held: holdCart(rest, current, newId, now) };
}

/** How a held cart is named in the list: its customer, else its first item. */
export function heldCartLabel(h: HeldCart): string {
  const items = h.cart.lines.reduce((n, l) => n + l.quantity, 0);
  const who = h.cart.customer?.name ?? 'Walk-in';
  return `${who} · ${items} item${items === 1 ? '' : 's'}`;
}
