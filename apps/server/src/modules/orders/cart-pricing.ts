import type { OrderQuote, orderQuoteBody } from '@tillbook/contract/orders';
import { MANUAL_DISCOUNT_LIMIT_PERCENT } from '@tillbook/contract/constants';
import { PERMISSION_GROUPS } from '@tillbook/contract/permissions';
import {
  PricingError,
  priceOrder,
  sellingPrice,
  type PricedOrder,
  type TaxRule,
} from '@tillbook/contract/pricing';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { AppError, conflict, unprocessable } from '../../lib/app-error.js';
import type { StoreContext } from '../../lib/context.js';
import { findCustomerForOrder, type CustomerForOrder } from '../customers/customers.public.js';
import {
  applicableDiscount,
  discountForOfflineSale,
  type ApplicableDiscount,
} from '../discounts/discounts.public.js';
import {
  getProductsForSale,
  lineLabel,
  variantLine,
  type ProductForSale,
} from '../products/products.public.js';
import type { ProductPack } from '@tillbook/contract/products';
import { customerName, money } from './order-basics.js';
import { shippingChargeFor, taxRuleFor, type ShippingChoice } from './order-charges.js';

type Db = Kysely<Database> | Transaction<Database>;
export type Cart = z.output<typeof orderQuoteBody>;

/**
 * A cart as the server prices it, for a quote and for the order itself: the customer, the
 * products at their current prices, the discount code, the shipping rate, the tax rule and the
 * totals.
 */
export interface CartLine {
  product: ProductForSale;
  /** The variant sold (decision 0064): the one named, else the product's only active one. */
  variant: ProductForSale['variants'][number];
  /** The pack sold, or null when sold by the unit. */
  pack: ProductPack | null;
  /** Lines of the unit sold: packs for a pack line. */
  quantity: number;
  /** Base units the line takes from stock: `quantity × factor`. */
  units: number;
  /** What the line is called on the order: the product, its variant and its pack. */
  label: string;
  /** The line's price now: the pack's price, else the variant's selling price. */
  price: number;
  unitPrice: number;
  discount: number;
}

export interface PricedCart {
  customer: CustomerForOrder | null;
  lines: CartLine[];
  discount: ApplicableDiscount | null;
  shipping: ShippingChoice | null;
  tax: TaxRule | null;
  priced: PricedOrder;
  /** False when an offline sale's discount code could no longer be used when it arrived. */
  discountUsable: boolean;
}

/** A sale the till priced offline (decision 0036): the unit price it charged per item. */
export interface OfflinePricing {
  unitPrices: readonly number[];
}

const DISCOUNT_OVERRIDE_LABEL = PERMISSION_GROUPS.flatMap(
  (g): ReadonlyArray<{ key: string; label: string }> => g.permissions,
).find((p) => p.key === 'orders.discount_override')!.label;

async function customerOr404(db: Db, ctx: StoreContext, id: string): Promise<CustomerForOrder> {
  const customer = await findCustomerForOrder(db, ctx, id);
  if (!customer) {
    throw new AppError('NOT_FOUND', 'Customer not found', {
      fields: { customer_id: 'There is no such customer in this store' },
    });
  }
  return customer;
}

/**
 * A line discount above MANUAL_DISCOUNT_LIMIT_PERCENT of its line needs
 * `orders.discount_override` (decision 0019): a till is not a place to give goods away.
 * Checked for quotes too, so the till shows the refusal next to the line before the sale.
 */
function checkManualDiscounts(ctx: StoreContext, lines: CartLine[]): void {
  if (ctx.access.permissions.has('orders.discount_override')) return;
  lines.forEach((line, i) => {
    const gross = line.unitPrice * line.quantity;
    const allowed = Math.floor((gross * MANUAL_DISCOUNT_LIMIT_PERCENT) / 100);
    if (line.discount <= allowed) return;
    throw new AppError(
      'FORBIDDEN',
      `A discount of more than ${MANUAL_DISCOUNT_LIMIT_PERCENT}% on "${line.label}" needs the permission "${DISCOUNT_OVERRIDE_LABEL}" (orders.discount_override). Ask a manager to give it.`,
      { fields: { [`items.${i}.discount`]: `At most ${money(ctx, allowed)} without a manager` } },
    );
  });
}

/**
 * Everything the server decides about a cart: the customer may buy, the products exist and are
 * on sale, their current prices, the discount code, the shipping rate and the tax rule, and the
 * totals. Used for a quote and, inside the order's transaction, for the order itself.
 */
export async function priceCart(
  db: Db,
  ctx: StoreContext,
  cart: Cart,
  offline?: OfflinePricing,
): Promise<PricedCart> {
  const customer = cart.customer_id ? await cartCustomer(db, ctx, cart.customer_id, offline) : null;
  const products = await cartProducts(db, ctx, cart, offline);
  const { discount, discountUsable } = await cartDiscount(db, ctx, cart, offline);
  const shipping = cart.shipping_id ? await shippingChargeFor(db, ctx, cart.shipping_id) : null;
  const store = ctx.access.store;
  const tax = await taxRuleFor(db, ctx, {
    country: customer?.country ?? store.country,
    state: customer?.state ?? store.state,
  });

  const lines = cart.items.map((item, i): CartLine => {
    const product = products.get(item.product_id)!;
    const { variant, pack } = variantLine(product, item, `items.${i}`, !!offline);
    const price = pack ? pack.price : sellingPrice(variant);
    const factor = pack?.factor ?? 1;
    return {
      product,
      variant,
      pack,
      quantity: item.quantity,
      units: item.quantity * factor,
      label: lineLabel(product.name, variant.name, pack),
      price,
      // What the till charged, for a sale made offline; the orders service checks it was current.
      unitPrice: offline?.unitPrices[i] ?? price,
      discount: item.discount ?? 0,
    };
  });
  checkManualDiscounts(ctx, lines);
  try {
    const priced = priceOrder({
      lines: lines.map((l) => ({
        productId: l.product.id,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        discount: l.discount,
        categoryIds: l.product.category_ids,
      })),
      discount: discount?.rule ?? null,
      tax,
      shipping,
    });
    return { customer, lines, discount, shipping, tax, priced, discountUsable };
  } catch (error) {
    if (!(error instanceof PricingError)) throw error;
    throw pricingRefusal(ctx, error, lines, discount);
  }
}

/**
 * The cart's customer. An offline sale for a customer blocked meanwhile (or one the till added
 * whose phone turned out to be a blocked customer's) was made: it is recorded and waits for a
 * decision; any other sale to a blocked customer is a 409.
 */
async function cartCustomer(
  db: Db,
  ctx: StoreContext,
  id: string,
  offline: OfflinePricing | undefined,
): Promise<CustomerForOrder> {
  const customer = await customerOr404(db, ctx, id);
  if (!customer.is_active && !offline) {
    throw conflict(
      `${customerName(customer)} is blocked and cannot be put on a new order. Unblock the customer to sell to them.`,
      { customer_id: 'This customer is blocked' },
    );
  }
  return customer;
}

/** The cart's products by id: each must exist, and be active unless the sale was made offline. */
async function cartProducts(
  db: Db,
  ctx: StoreContext,
  cart: Cart,
  offline: OfflinePricing | undefined,
): Promise<Map<string, ProductForSale>> {
  const products = new Map(
    (await getProductsForSale(db, ctx, [...new Set(cart.items.map((i) => i.product_id))])).map((p) => [
      p.id,
      p,
    ]),
  );
  const missing: Record<string, string> = {};
  const archived: Record<string, string> = {};
  cart.items.forEach((item, i) => {
    const product = products.get(item.product_id);
    if (!product) missing[`items.${i}.product_id`] = 'This product does not exist';
    // An offline sale of a product archived meanwhile was made: it is recorded and flagged.
    else if (product.status !== 'active' && !offline)
      archived[`items.${i}.product_id`] = `"${product.name}" is archived`;
  });
  if (Object.keys(missing).length) throw new AppError('NOT_FOUND', 'Product not found', { fields: missing });
  if (Object.keys(archived).length) {
    throw unprocessable(
      `${Object.values(archived).join(', ')} and cannot be sold. Make it active again to sell it.`,
      archived,
    );
  }
  return products;
}

/** The cart's discount code, if any; `discountUsable` is false for an offline sale's code that ran out. */
async function cartDiscount(
  db: Db,
  ctx: StoreContext,
  cart: Cart,
  offline: OfflinePricing | undefined,
): Promise<{ discount: ApplicableDiscount | null; discountUsable: boolean }> {
  if (!cart.discount_code) return { discount: null, discountUsable: true };
  if (offline) {
    // The customer was given the discount at the till: the sale keeps it even if it ran out.
    const found = await discountForOfflineSale(db, ctx, cart.discount_code);
    if (found) return { discount: found.discount, discountUsable: found.usable };
  }
  return { discount: await applicableDiscount(db, ctx, cart.discount_code), discountUsable: true };
}

/** The cart's pricing problem as the answer names it (422 with the field). */
function pricingRefusal(
  ctx: StoreContext,
  error: PricingError,
  lines: PricedCart['lines'],
  discount: ApplicableDiscount | null,
): AppError {
  const p = error.problem;
  switch (p.kind) {
    case 'line_discount_too_large': {
      const name = lines[p.line]!.label;
      return unprocessable(`The discount on "${name}" is more than the line's ${money(ctx, p.gross)}.`, {
        [`items.${p.line}.discount`]: `At most ${money(ctx, p.gross)}`,
      });
    }
    case 'minimum_not_met':
      return unprocessable(
        `The discount code "${discount!.code}" needs an order of at least ${money(ctx, p.minimum)}; this cart comes to ${money(ctx, p.subtotal)}.`,
        { discount_code: `Needs an order of at least ${money(ctx, p.minimum)}` },
      );
    case 'not_applicable':
      return unprocessable(`The discount code "${discount!.code}" does not apply to any item in this cart.`, {
        discount_code: 'Does not apply to these items',
      });
    case 'too_large':
      return unprocessable('The order is too large. Split it into smaller orders.', {
        items: 'The order total is too large',
      });
  }
}

export function quoteOf(ctx: StoreContext, cart: PricedCart): OrderQuote {
  const p = cart.priced;
  return {
    items: cart.lines.map((l, i) => ({
      product_id: l.product.id,
      variant_id: l.variant.id,
      variant_name: l.variant.name || null,
      pack: l.pack?.name ?? null,
      pack_factor: l.pack?.factor ?? 1,
      name: l.product.name,
      sku: l.variant.sku,
      unit_price: l.unitPrice,
      list_price: l.pack ? l.pack.price : l.variant.price,
      quantity: l.quantity,
      discount: p.lines[i]!.discount,
      total: p.lines[i]!.total,
      order_discount: p.lines[i]!.orderDiscount,
      tax: p.lines[i]!.tax,
    })),
    items_count: cart.lines.reduce((s, l) => s + l.quantity, 0),
    subtotal: p.subtotal,
    discount: p.discount,
    discount_code: cart.discount?.code ?? null,
    tax: p.tax,
    taxes: p.taxes.map((t) => ({ name: t.name, rate: t.rateBp / 100, amount: t.amount })),
    tax_inclusive: p.taxInclusive,
    shipping: p.shipping,
    shipping_name: cart.shipping?.name ?? null,
    total: p.total,
    currency: ctx.access.store.currency,
  };
}
