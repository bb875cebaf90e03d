import type { OfflineIssue, OfflineSaleState, offlineSaleInput } from '@tillbook/contract/orders';
import type { TillSettings } from '@tillbook/contract/till';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { conflict } from '../../lib/app-error.js';
import type { StoreContext } from '../../lib/context.js';
import { sellingPricesAt } from '../products/products.public.js';
import { claimTillDevice, tillSettingsOf } from '../till/till.public.js';
import type { PricedCart } from './cart-pricing.js';
import { customerName, money } from './order-basics.js';

type OfflineSale = z.output<typeof offlineSaleInput>;

/** How a sale the till made offline is recorded, once checked against the store's records. */
export interface OfflineVerdict {
  state: OfflineSaleState;
  issues: OfflineIssue[];
  /** `take`: as any sale; `below_zero`: take it even below zero (flagged); `hold`: take none yet. */
  stock: 'take' | 'below_zero' | 'hold';
  settings: TillSettings;
  /** When the sale is recorded as made: the till's time, never later than its arrival. */
  soldAt: string;
}

const HOUR_MS = 3_600_000;

/**
 * How far a till's clock may run ahead of the server's before a sale it dates in the future
 * waits for a decision (decision 0047): clocks drift, and a phone's may be a few minutes off.
 */
export const OFFLINE_CLOCK_ALLOWANCE_MS = 10 * 60_000;

/** "3 days", "5 hours", "12 minutes": how far off a till's clock was. */
function spanInWords(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 120) return `${minutes} minutes`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} hours`;
  return `${Math.round(hours / 24)} days`;
}

/**
 * An offline number `OFF-<device>-<n>` is taken only from the till that owns the device id
 * (decision 0047): the browser that first used it in the store, by its device cookie, whoever is
 * signed in on it (`tillOwnerOf`). The till claims its device when it refreshes its catalogue,
 * before it can number a sale; a device never seen is claimed by its first sale. Another seller's
 * sale under that device is refused (409) and records nothing, so it can neither use up the
 * till's numbers (unique per store) nor hold the till's sales for review.
 */
export async function assertOwnOfflineNumber(
  trx: Transaction<Database>,
  ctx: StoreContext,
  number: string,
  owner: string | undefined,
): Promise<void> {
  const device = number.split('-')[1]!;
  const mine = await claimTillDevice(trx, ctx, device, owner ?? `${ctx.actor.type}:${ctx.actor.id ?? '-'}`);
  if (!mine) {
    throw conflict(
      `${number} is a number of another till of this store: a till sends only the sales it numbered itself, so this sale was not recorded. Record it again at this till's point of sale.`,
      { 'offline.number': 'A number of another till' },
    );
  }
}

/**
 * Checks a sale the till made offline (decision 0036) when it arrives. The customer has paid and
 * left with the goods, so nothing is refused for having changed meanwhile; each difference is
 * recorded, and those the store's rules do not cover wait for a decision (`needs_review`):
 *
 * - Prices: the till's price is taken when it was the product's price when the till last
 *   brought its copy up to date, and that copy was at most `offline_max_hours` old at the sale.
 *   A price changed since is recorded (`price_changed`); a price that was not current, or a copy
 *   too old, needs a decision (`price_not_current`).
 * - Stock another sale took meanwhile: by `offline_stock_rule`, taken below zero and flagged, or
 *   none of the sale's stock taken until someone decides (`stock_held`).
 * - A discount that ran out or ended: kept (the customer had it), no use counted, needs a decision.
 * - A product archived meanwhile: recorded. (A deleted product cannot be: the sale is refused
 *   with 404 and stays on the till, which says so.)
 * - A total that differs from the till's (a tax rule changed): recorded, needs a decision.
 * - A sale older than `offline_max_hours` when it arrives: recorded, needs a decision.
 * - A customer who is blocked (meanwhile, or the one a customer added offline turned out to be):
 *   recorded, needs a decision.
 * - A sale the till dates after it arrived (decision 0047): recorded as made when it arrived,
 *   never later; more than `OFFLINE_CLOCK_ALLOWANCE_MS` ahead it needs a decision
 *   (`sold_in_future`), since a date ahead would also escape the lateness check above.
 */
export async function checkOfflineSale(
  trx: Transaction<Database>,
  ctx: StoreContext,
  sale: OfflineSale,
  cart: PricedCart,
): Promise<OfflineVerdict> {
  const settings = await tillSettingsOf(trx, ctx);
  const found = new Findings();
  const { soldAt, claimedAt, corrected } = checkClock(ctx, sale, found);
  await checkPrices(trx, ctx, sale, cart, soldAt, settings, found);
  checkWhatChanged(ctx, sale, cart, soldAt, settings, found);
  const stock = checkStock(cart, settings, found);
  return {
    state: found.review ? 'needs_review' : 'accepted',
    issues: found.issues,
    stock,
    settings,
    soldAt: soldAt === claimedAt && !corrected ? sale.sold_at : new Date(soldAt).toISOString(),
  };
}

/** The differences found in an offline sale, and whether any needs a decision. */
class Findings {
  readonly issues: OfflineIssue[] = [];
  review = false;
  flag(issue: OfflineIssue, needsReview: boolean): void {
    this.issues.push(issue);
    this.review ||= needsReview;
  }
}

/**
 * When the sale is recorded as made. A till that says when it sent the sale tells how far its
 * clock is off the server's: the sale is dated by the server's clock (a phone whose clock is
 * hours out, or a till whose clock ran on while offline). Within the allowance the till's own
 * time is kept as it is. Never recorded as made after it arrived: every later check reads the
 * time it is recorded at.
 */
function checkClock(
  ctx: StoreContext,
  sale: OfflineSale,
  found: Findings,
): { soldAt: number; claimedAt: number; corrected: boolean } {
  const skew = sale.sent_at ? new Date(sale.sent_at).getTime() - ctx.now.getTime() : 0;
  const corrected = Math.abs(skew) > OFFLINE_CLOCK_ALLOWANCE_MS;
  if (corrected) {
    found.flag(
      {
        kind: 'till_clock',
        product_id: null,
        message: `The till's clock was ${spanInWords(Math.abs(skew))} ${skew > 0 ? 'ahead' : 'behind'}: the sale is dated by the store's clock. Check the till's date and time.`,
      },
      false,
    );
  }
  const claimedAt = new Date(sale.sold_at).getTime() - (corrected ? skew : 0);
  const soldAt = Math.min(claimedAt, ctx.now.getTime());
  if (claimedAt - soldAt > OFFLINE_CLOCK_ALLOWANCE_MS) {
    found.flag(
      {
        kind: 'sold_in_future',
        product_id: null,
        message: `The till dated this sale ${spanInWords(claimedAt - soldAt)} after it reached the store: its date or time is wrong. It is recorded as sold when it arrived; check the till's clock.`,
      },
      true,
    );
  }
  return { soldAt, claimedAt, corrected };
}

/** Each line sold at another price than the product's now: current when the till's copy said so. */
async function checkPrices(
  trx: Transaction<Database>,
  ctx: StoreContext,
  sale: OfflineSale,
  cart: PricedCart,
  soldAt: number,
  settings: TillSettings,
  found: Findings,
): Promise<void> {
  const copyAt = sale.catalogue_at ? new Date(sale.catalogue_at).getTime() : null;
  const copyFresh = copyAt !== null && soldAt - copyAt <= settings.offline_max_hours * HOUR_MS;
  const changed = cart.lines.filter((l) => l.unitPrice !== l.price);
  // The price history is the product's own (its audit rows); a pack or another variant is
  // checked against its price now.
  const own = (l: (typeof changed)[number]) => l.variant.id === l.product.id && !l.pack;
  const pricesThen = sale.catalogue_at
    ? await sellingPricesAt(
        trx,
        ctx,
        changed.filter(own).map((l) => l.product.id),
        sale.catalogue_at,
      )
    : new Map<string, number>();
  for (const line of changed) {
    const now = line.price;
    const then = (own(line) ? pricesThen.get(line.product.id) : undefined) ?? now;
    const current = copyFresh && then === line.unitPrice;
    found.flag(
      {
        kind: current ? 'price_changed' : 'price_not_current',
        product_id: line.product.id,
        message: current
          ? `"${line.label}" sold at ${money(ctx, line.unitPrice)}, its price when the till last updated; it is ${money(ctx, now)} now.`
          : `"${line.label}" sold at ${money(ctx, line.unitPrice)}, which was not its price when the till last updated (${money(ctx, then)}); it is ${money(ctx, now)} now.`,
      },
      !current,
    );
  }
}

/** What changed in the store's records since the sale: products, the code, the customer, the total, its age. */
function checkWhatChanged(
  ctx: StoreContext,
  sale: OfflineSale,
  cart: PricedCart,
  soldAt: number,
  settings: TillSettings,
  found: Findings,
): void {
  for (const line of cart.lines) {
    if (line.product.status === 'active' && line.variant.status === 'active') continue;
    found.flag(
      {
        kind: 'product_archived',
        product_id: line.product.id,
        message: `"${line.label}" was archived after the till sold it.`,
      },
      false,
    );
  }
  const whole = (kind: OfflineIssue['kind'], message: string) =>
    found.flag({ kind, product_id: null, message }, true);
  if (cart.discount && !cart.discountUsable) {
    whole(
      'discount_unavailable',
      `The discount code "${cart.discount.code}" could no longer be used when the sale arrived; the customer kept it and no use was counted.`,
    );
  }
  if (cart.customer && !cart.customer.is_active) {
    whole('customer_blocked', `${customerName(cart.customer)} is blocked; the till sold to them offline.`);
  }
  if (cart.priced.total !== sale.total) {
    whole(
      'total_changed',
      `The till charged ${money(ctx, sale.total)}; the store's rules now make it ${money(ctx, cart.priced.total)}.`,
    );
  }
  if (ctx.now.getTime() - soldAt > settings.offline_max_hours * HOUR_MS) {
    whole('late', `Sold offline more than ${settings.offline_max_hours} hours before it reached the store.`);
  }
}

/** Is what the sale takes still there? (The conditional update is the real guard.) */
function checkStock(cart: PricedCart, settings: TillSettings, found: Findings): OfflineVerdict['stock'] {
  // Base units per variant: a carton and three tins of one variant draw on the same stock.
  const wanted = new Map<string, number>();
  for (const l of cart.lines) wanted.set(l.variant.id, (wanted.get(l.variant.id) ?? 0) + l.units);
  const short = cart.lines.filter(
    (l, i, all) =>
      l.product.track_stock &&
      all.findIndex((x) => x.variant.id === l.variant.id) === i &&
      l.variant.quantity < wanted.get(l.variant.id)!,
  );
  if (short.length && settings.offline_stock_rule === 'hold_for_review') {
    for (const l of short) {
      const name = l.variant.name ? `${l.product.name} (${l.variant.name})` : l.product.name;
      found.flag(
        {
          kind: 'stock_held',
          product_id: l.product.id,
          message: `Only ${Math.max(l.variant.quantity, 0)} of "${name}" left for ${wanted.get(l.variant.id)} sold offline: no stock was taken for this sale until you decide.`,
        },
        true,
      );
    }
    return 'hold';
  }
  return settings.offline_stock_rule === 'allow_negative' ? 'below_zero' : 'take';
}

/** The stock lines an offline sale took below zero, as issues (the rule said accept and flag). */
export function belowZeroIssues(
  cart: PricedCart,
  results: ReadonlyArray<{
    productId: string;
    variantId: string;
    quantityAfter: number;
    wentNegative?: boolean;
  }>,
): OfflineIssue[] {
  const seen = new Set<string>();
  const issues: OfflineIssue[] = [];
  results.forEach((r, i) => {
    if (!r.wentNegative || seen.has(r.variantId)) return;
    seen.add(r.variantId);
    const line = cart.lines[i]!;
    const name = line.variant.name ? `${line.product.name} (${line.variant.name})` : line.product.name;
    issues.push({
      kind: 'stock_short',
      product_id: r.productId,
      message: `"${name}" was sold out when this offline sale arrived; stock went to ${
        results.filter((x) => x.variantId === r.variantId).at(-1)!.quantityAfter
      } (the store's rule: accept and flag).`,
    });
  });
  return issues;
}
