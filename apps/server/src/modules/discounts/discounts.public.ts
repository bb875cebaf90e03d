import type { Discount } from '@tillbook/contract/discounts';
import type { StoreContext } from '../../lib/context.js';
import type { ApplicableDiscount } from './discount-use.service.js';
import { discountsRepository, toDiscount } from './discounts.repository.js';

/**
 * What other modules may use of the discounts module (decision 0025): the code a cart names,
 * counting and giving back its uses in the order's transaction, and the rule the order pricing
 * applies.
 */

export {
  applicableDiscount,
  countDiscountUse,
  releaseDiscountUse,
  type ApplicableDiscount,
  type DiscountRule,
} from './discount-use.service.js';

/** A discount a cart was priced with, as the API shows it (`POST /discounts/validate`). */
export const discountAnswer = (ctx: Pick<StoreContext, 'now'>, discount: ApplicableDiscount): Discount =>
  toDiscount(discount.row, ctx.now.toISOString());

/** The discounts a code may be used with now, for the till's copy (decision 0036): few per store. */
export async function activeDiscounts(
  ctx: Pick<StoreContext, 'storeId' | 'now' | 'db'>,
): Promise<Discount[]> {
  const now = ctx.now.toISOString();
  const rows = await discountsRepository(ctx.db, ctx.storeId).active();
  return rows.map((r) => toDiscount(r, now)).filter((d) => d.status === 'active');
}

export { discountForOfflineSale } from './discount-use.service.js';
