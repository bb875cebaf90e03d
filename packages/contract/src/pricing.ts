/**
 * Order totals, as a pure function of the lines and the rules that apply to them. The server
 * prices every quote and order with it, and the till prices a sale made offline with it
 * (decision 0036): one implementation, so the two cannot disagree.
 *
 * Everything is an integer of the currency's minor unit (kobo for NGN); rates are basis points
 * (7.5 % = 750). Each rounding is half-up to the minor unit and happens once, on an order-level
 * amount; the amount is then shared out to the lines by largest remainder, so line shares always
 * add up to the order's figure exactly (refunds by line rely on that).
 *
 * The tax rule and the shipping charge are inputs: the orders service finds them (the store's
 * tax rule, the chosen shipping rate) and this function only does the arithmetic, so new kinds
 * of rules plug in without touching it.
 */

import { ALL_STATES } from './constants.js';
import type { TaxRule as StoreTaxRule } from './tax.js';

/** A discount as the order pricing applies it. */
export interface DiscountRule {
  type: 'percentage' | 'fixed';
  /** Basis points for `percentage`, minor units for `fixed`. */
  value: number;
  appliesTo: 'order' | 'products' | 'categories';
  productIds: readonly string[];
  categoryIds: readonly string[];
  /** The subtotal (after line discounts) must reach this for the discount to apply. */
  minOrderAmount: number;
}

export interface PricingLine {
  productId: string;
  quantity: number;
  /** The price each unit is sold at. */
  unitPrice: number;
  /** Discount on the whole line, in minor units. */
  discount: number;
  categoryIds: readonly string[];
}

export interface TaxRule {
  rates: ReadonlyArray<{ name: string; rateBp: number }>;
  /** Prices already include the tax: it is shown, not added. */
  inclusive: boolean;
}

export interface ShippingCharge {
  fee: number;
}

export interface PricingInput {
  lines: readonly PricingLine[];
  discount?: DiscountRule | null;
  tax?: TaxRule | null;
  shipping?: ShippingCharge | null;
}

export interface PricedLine {
  /** `unitPrice × quantity`. */
  gross: number;
  discount: number;
  /** `gross − discount`. */
  total: number;
  /** True when the order's discount rule covers this line. */
  eligible: boolean;
  /** This line's share of the order discount. */
  orderDiscount: number;
  /** This line's share of the tax. */
  tax: number;
  /** What the customer pays for this line: total less its discount share, plus its tax unless inclusive. */
  value: number;
}

export interface PricedOrder {
  lines: PricedLine[];
  /** Sum of line totals. */
  subtotal: number;
  /** The part of the subtotal the discount rule covers. */
  eligibleAmount: number;
  discount: number;
  taxes: Array<{ name: string; rateBp: number; amount: number }>;
  tax: number;
  taxInclusive: boolean;
  shipping: number;
  total: number;
}

export type PricingProblem =
  | { kind: 'line_discount_too_large'; line: number; gross: number }
  | { kind: 'minimum_not_met'; minimum: number; subtotal: number }
  | { kind: 'not_applicable' }
  | { kind: 'too_large' };

export class PricingError extends Error {
  constructor(readonly problem: PricingProblem) {
    super(problem.kind);
    this.name = 'PricingError';
  }
}

const safe = (n: number): number => {
  if (!Number.isSafeInteger(n) || n < 0) throw new PricingError({ kind: 'too_large' });
  return n;
};

/** `a × b ÷ c` rounded half up, exact for any safe integers (non-negative, `c > 0`). */
export function mulDivHalfUp(a: number, b: number, c: number): number {
  const num = BigInt(a) * BigInt(b);
  const den = BigInt(c);
  return safe(Number((num * 2n + den) / (den * 2n)));
}

/**
 * Shares `total` out in proportion to `weights` (non-negative integers), by largest remainder:
 * each part is the floor of its exact share, and the units left over go to the largest
 * remainders, earliest first on ties. The parts always add up to `total`.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (total === 0 || sum === 0) return weights.map(() => 0);
  const bigTotal = BigInt(total);
  const bigSum = BigInt(sum);
  const parts = weights.map((w) => {
    const exact = bigTotal * BigInt(w);
    return { floor: exact / bigSum, rest: exact % bigSum };
  });
  let left = total - parts.reduce((s, p) => s + Number(p.floor), 0);
  const order = parts
    .map((p, i) => ({ i, rest: p.rest }))
    .sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  const out = parts.map((p) => Number(p.floor));
  for (const { i } of order) {
    if (left <= 0) break;
    out[i]! += 1;
    left -= 1;
  }
  return out;
}

/**
 * The part of `value` (the value of `quantity` units) that `count` units starting after the
 * first `from` units are worth. Cumulative rounding: refunding a line a few units at a time adds
 * up to exactly its value.
 */
export function shareOfUnits(value: number, quantity: number, from: number, count: number): number {
  if (quantity <= 0 || count <= 0) return 0;
  return mulDivHalfUp(value, from + count, quantity) - mulDivHalfUp(value, from, quantity);
}

function isEligible(rule: DiscountRule, line: PricingLine): boolean {
  if (rule.appliesTo === 'order') return true;
  if (rule.appliesTo === 'products') return rule.productIds.includes(line.productId);
  return line.categoryIds.some((id) => rule.categoryIds.includes(id));
}

/** Prices an order. Throws `PricingError` when a line discount or the discount rule cannot apply. */
export function priceOrder(input: PricingInput): PricedOrder {
  const rule = input.discount ?? null;
  const base = input.lines.map((line, index) => {
    const gross = safe(line.unitPrice * line.quantity);
    const discount = line.discount;
    if (discount > gross) throw new PricingError({ kind: 'line_discount_too_large', line: index, gross });
    return { gross, discount, total: gross - discount, eligible: rule ? isEligible(rule, line) : false };
  });
  const subtotal = safe(base.reduce((s, l) => s + l.total, 0));

  let discount = 0;
  let eligibleAmount = 0;
  if (rule) {
    if (subtotal < rule.minOrderAmount) {
      throw new PricingError({ kind: 'minimum_not_met', minimum: rule.minOrderAmount, subtotal });
    }
    eligibleAmount = base.reduce((s, l) => s + (l.eligible ? l.total : 0), 0);
    if (!base.some((l) => l.eligible)) throw new PricingError({ kind: 'not_applicable' });
    discount =
      rule.type === 'percentage'
        ? mulDivHalfUp(eligibleAmount, Math.min(rule.value, 10_000), 10_000)
        : Math.min(rule.value, eligibleAmount);
  }
  const discountShares = allocate(
    discount,
    base.map((l) => (l.eligible ? l.total : 0)),
  );

  const taxable = subtotal - discount;
  const rates = input.tax?.rates ?? [];
  const inclusive = input.tax?.inclusive ?? false;
  const rateSum = rates.reduce((s, r) => s + r.rateBp, 0);
  const taxes = rates.map((r) => ({
    name: r.name,
    rateBp: r.rateBp,
    amount: inclusive
      ? mulDivHalfUp(taxable, r.rateBp, 10_000 + rateSum)
      : mulDivHalfUp(taxable, r.rateBp, 10_000),
  }));
  const tax = taxes.reduce((s, t) => s + t.amount, 0);
  const taxShares = allocate(
    tax,
    base.map((l, i) => l.total - discountShares[i]!),
  );

  const shipping = safe(input.shipping?.fee ?? 0);
  const total = safe(taxable + (inclusive ? 0 : tax) + shipping);

  return {
    lines: base.map((l, i) => ({
      ...l,
      orderDiscount: discountShares[i]!,
      tax: taxShares[i]!,
      value: l.total - discountShares[i]! + (inclusive ? 0 : taxShares[i]!),
    })),
    subtotal,
    eligibleAmount,
    discount,
    taxes,
    tax,
    taxInclusive: inclusive,
    shipping,
    total,
  };
}

/** The price a product sells at: its sale price when it has one (a sale price of 0 means none). */
export const sellingPrice = (p: { price: number; sale_price: number | null }): number =>
  p.sale_price != null && p.sale_price > 0 && p.sale_price < p.price ? p.sale_price : p.price;

/** Percent as the API sends it (12.5) to basis points (1250). */
export const percentToBp = (percent: number) => Math.round(percent * 100);

/** A discount as the API lists it (percent values) as the rule `priceOrder` applies. */
export function discountRuleOf(d: {
  type: 'percentage' | 'fixed';
  value: number;
  applies_to: 'order' | 'products' | 'categories';
  product_ids: readonly string[];
  category_ids: readonly string[];
  min_order_amount: number;
}): DiscountRule {
  return {
    type: d.type,
    value: d.type === 'percentage' ? percentToBp(d.value) : d.value,
    appliesTo: d.applies_to,
    productIds: d.product_ids,
    categoryIds: d.category_ids,
    minOrderAmount: d.min_order_amount,
  };
}

/** A country or state as rules compare it: trimmed, single-spaced, without case. */
export const regionKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The store's tax rule an order to this place pays, from the rules as the API lists them: the
 * rule of its country that names its state, else that country's rule for all states (`*`), else
 * none; no country, no tax. The server finds the same rule with one indexed query.
 */
export function taxRuleForPlace(
  rules: ReadonlyArray<Pick<StoreTaxRule, 'country' | 'states' | 'rates' | 'inclusive'>>,
  destination: { country: string | null; state: string | null },
): TaxRule | null {
  if (!destination.country?.trim()) return null;
  const country = regionKey(destination.country);
  const state = destination.state?.trim() ? regionKey(destination.state) : null;
  const inCountry = rules.filter((r) => regionKey(r.country) === country);
  const named =
    state && state !== ALL_STATES
      ? inCountry.find((r) => r.states.some((s) => regionKey(s) === state))
      : undefined;
  const rule = named ?? inCountry.find((r) => r.states.includes(ALL_STATES));
  return rule
    ? {
        rates: rule.rates.map((r) => ({ name: r.name, rateBp: percentToBp(r.rate) })),
        inclusive: rule.inclusive,
      }
    : null;
}

/**
 * A cart priced from the till's copy of the catalogue (decision 0036), exactly as the server
 * prices it (`priceCart` in the orders module): each product at its selling price, the
 * discount code's rule, the tax rule of the destination, the shipping fee. Throws
 * `PricingError` where the server answers 422.
 */
export function priceTillCart(input: {
  lines: ReadonlyArray<{
    product: { id: string; price: number; sale_price: number | null; category_ids: readonly string[] };
    quantity: number;
    discount: number;
  }>;
  discount: Parameters<typeof discountRuleOf>[0] | null;
  taxRules: Parameters<typeof taxRuleForPlace>[0];
  destination: { country: string | null; state: string | null };
  shipping: { fee: number } | null;
}): PricedOrder {
  return priceOrder({
    lines: input.lines.map((l) => ({
      productId: l.product.id,
      quantity: l.quantity,
      unitPrice: sellingPrice(l.product),
      discount: l.discount,
      categoryIds: l.product.category_ids,
    })),
    discount: input.discount ? discountRuleOf(input.discount) : null,
    tax: taxRuleForPlace(input.taxRules, input.destination),
    shipping: input.shipping ? { fee: input.shipping.fee } : null,
  });
}
