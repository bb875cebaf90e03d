import type { Discount } from '@tillbook/contract/discounts';
import type { StoreContext } from '../../lib/context.js';
import type { ApplicableDiscount } from './discount-use.service.js';
import { toDiscount } from './discounts.repository.js';

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
