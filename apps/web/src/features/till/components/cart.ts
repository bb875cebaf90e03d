import type { PaymentType, TenderType } from '@tillbook/contract/order-constants';
import type { Product } from '@tillbook/contract/products';
import { lineLabel } from '../../../lib/line-label';
import { mixedUnits, priceOf, resolveSellable, type LineChoice, type Sellable } from './sellable';

/** One way a line's variant is sold: by the unit (`pack` null) or in a pack. */
export interface LineUnit {
  pack: string | null;
  factor: number;
  price: number;
}

/**
 * A line of the cart: one variant of a product, by the unit or in one pack (issue 33). The same
 * product may be on several lines (a carton and 3 tins; size M and size L): a line is found by
 * its key (`lineKey`), never by its product alone.
 */
export interface CartLine {
  product_id: string;
  /**
   * The variant sold, named in the order's body; null for the product's own and only variant,
   * which the body leaves out (as it was before variants).
   */
  variant_id: string | null;
  /** The variant's values ("M / Red"); empty for a product sold one way. */
  variant_name: string;
  /** Sold in this pack ("carton"); null when sold by the unit. */
  pack: string | null;
  /** Base units in one of the line's units: the pack's factor, 1 by the unit. */
  pack_factor: number;
  /** What one base unit is called ("tin"). */
  unit: string;
  /**
   * The ways the variant is sold, the unit first, for the line's unit control; empty for a
   * variant without packs. Kept on the line so the control needs no look-up in the catalogue.
   */
  units: LineUnit[];
  name: string;
  sku: string;
  barcode: string;
  /** What the till expects to charge a unit (its sale price when lower); the server's quote rules. */
  unit_price: number;
  quantity: number;
  /** The line discount as typed, in major units ("" for none). */
  discount: string;
}

/**
 * The key a line is found by: its product, variant and pack. A product's own variant by the unit
 * is keyed by the product alone, as lines were before variants.
 */
export function lineKey(l: Pick<CartLine, 'product_id'> & Partial<Pick<CartLine, 'variant_id' | 'pack'>>) {
  const variant = l.variant_id && l.variant_id !== l.product_id ? l.variant_id : '';
  return variant || l.pack ? `${l.product_id}/${variant}/${l.pack ?? ''}` : l.product_id;
}

/** The line as the cart, the held sales and the receipt name it ("Peak Milk 400g · carton (24)"). */
export const cartLineLabel = (l: CartLine) =>
  lineLabel({ name: l.name, variant_name: l.variant_name, pack: l.pack, pack_factor: l.pack_factor });

/** A line saved before variants (a cart kept across the upgrade) read as its product's own variant. */
function readLine(
  raw: Partial<CartLine> &
    Omit<CartLine, 'variant_id' | 'variant_name' | 'pack' | 'pack_factor' | 'unit' | 'units'>,
): CartLine {
  const before = { variant_id: null, variant_name: '', pack: null, pack_factor: 1, unit: '', units: [] };
  return { ...before, ...raw };
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
  /** As typed, in major units. On credit: the part paid now (empty: none). */
  amount_received: string;
  /** On credit (decision 0065): how the part paid now was paid. */
  paid_with: TenderType;
  /** By bank transfer: the till shows the store's account and waits for the transfer to arrive. */
  await_transfer: boolean;
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
  paid_with: 'cash',
  await_transfer: false,
  notes: '',
  attempt: null,
});

export const unitPriceOf = (p: Pick<Product, 'price' | 'sale_price'>): number =>
  p.sale_price && p.sale_price > 0 && p.sale_price < p.price ? p.sale_price : p.price;

function lineOf({ product, variant, pack, named }: Sellable, quantity: number): CartLine {
  const units: LineUnit[] = variant.packs.length
    ? [
        { pack: null, factor: 1, price: priceOf({ variant, pack: null }) },
        ...variant.packs.map((p) => ({ pack: p.name, factor: p.factor, price: p.price })),
      ]
    : [];
  return {
    product_id: product.id,
    variant_id: named ? variant.id : null,
    variant_name: variant.name,
    pack: pack?.name ?? null,
    pack_factor: pack?.factor ?? 1,
    unit: product.unit,
    units,
    name: product.name,
    sku: variant.sku,
    barcode: pack?.barcode ?? variant.barcode,
    unit_price: priceOf({ variant, pack }),
    quantity,
    discount: '',
  };
}

/**
 * Adds what was scanned or picked (spec section 4): when its line (same product, variant and
 * pack) is already in the cart its quantity rises; otherwise it is added at the top, where the
 * cashier is looking.
 */
export function addSellable(cart: Cart, sellable: Sellable, quantity = 1): Cart {
  const line = lineOf(sellable, quantity);
  const key = lineKey(line);
  if (cart.lines.some((l) => lineKey(l) === key)) {
    return {
      ...cart,
      lines: cart.lines.map((l) => (lineKey(l) === key ? { ...l, quantity: l.quantity + quantity } : l)),
    };
  }
  return { ...cart, lines: [line, ...cart.lines] };
}

/** Adds a product (its only variant, by the unit, unless `choice` says otherwise); unchanged if it cannot be sold. */
export function addProduct(cart: Cart, product: Product, quantity = 1, choice: LineChoice = {}): Cart {
  const { sellable } = resolveSellable(product, choice);
  return sellable ? addSellable(cart, sellable, quantity) : cart;
}

/**
 * Why `quantity` more of the sellable cannot go in the cart, or null: the base units its
 * variant's lines already take (a carton counts its 24 tins) and these would be more than the
 * variant has. Untracked products never run out.
 */
export function stockProblem(
  cart: Cart,
  { product, variant, pack }: Sellable,
  quantity: number,
): string | null {
  if (!product.track_stock) return null;
  const taken = cart.lines
    .filter((l) => l.product_id === product.id && (l.variant_id ?? l.product_id) === variant.id)
    .reduce((n, l) => n + l.quantity * l.pack_factor, 0);
  if (taken + quantity * (pack?.factor ?? 1) <= variant.quantity) return null;
  const name = variant.name ? `${product.name} ${variant.name}` : product.name;
  if (variant.quantity <= 0) return `${name} is out of stock`;
  const left = variant.packs.length
    ? mixedUnits(variant.quantity, variant.packs, product.unit)
    : variant.quantity;
  return `Only ${left} of ${name} left in stock`;
}

export function setQuantity(cart: Cart, key: string, quantity: number): Cart {
  if (quantity <= 0) return removeLine(cart, key);
  return {
    ...cart,
    lines: cart.lines.map((l) => (lineKey(l) === key ? { ...l, quantity } : l)),
  };
}

export function setLineDiscount(cart: Cart, key: string, discount: string): Cart {
  return {
    ...cart,
    lines: cart.lines.map((l) => (lineKey(l) === key ? { ...l, discount } : l)),
  };
}

export function removeLine(cart: Cart, key: string): Cart {
  return { ...cart, lines: cart.lines.filter((l) => lineKey(l) !== key) };
}

/**
 * Switches a line between the unit and the variant's packs (the line's unit control), at that
 * unit's price. When the cart already has a line in that unit, the two become one.
 */
export function setLineUnit(cart: Cart, key: string, pack: string | null): Cart {
  const line = cart.lines.find((l) => lineKey(l) === key);
  const unit = line?.units.find((u) => u.pack === pack);
  if (!line || !unit || line.pack === pack) return cart;
  const moved: CartLine = { ...line, pack, pack_factor: unit.factor, unit_price: unit.price };
  const into = lineKey(moved);
  if (!cart.lines.some((l) => lineKey(l) === into)) {
    return { ...cart, lines: cart.lines.map((l) => (l === line ? moved : l)) };
  }
  return {
    ...cart,
    lines: cart.lines
      .filter((l) => l !== line)
      .map((l) => (lineKey(l) === into ? { ...l, quantity: l.quantity + line.quantity } : l)),
  };
}

/**
 * The line as `POST /order`, `/order/quote` and the outbox send it: its variant and pack only
 * when it has them, so a product sold one way goes as it did before variants.
 */
export function lineItem(l: CartLine, discount: number | null) {
  return {
    product_id: l.product_id,
    ...(l.variant_id ? { variant_id: l.variant_id } : {}),
    ...(l.pack ? { pack: l.pack } : {}),
    quantity: l.quantity,
    ...(discount ? { discount } : {}),
  };
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
    return { ...emptyCart(), ...parsed, lines: parsed.lines.map(readLine) };
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
      .map((h) => ({ ...h, cart: { ...emptyCart(), ...h.cart, lines: h.cart.lines.map(readLine) } }));
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
