import type { DiscountRule } from '@tillbook/contract/pricing';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, conflict } from '../../lib/app-error.js';
import type { StoreContext } from '../../lib/context.js';
import { localDateText } from '../../lib/local-dates.js';
import { discountsRepository, discountStateOf } from './discounts.repository.js';
import type { DiscountsTable } from './discounts.tables.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A discount as the order pricing applies it (`priceOrder`, shared from the contract). */
export type { DiscountRule };

/** Percent as sent in the API (12.5) to basis points (1250), and back. */
export const percentToBp = (percent: number) => Math.round(percent * 100);
export const bpToPercent = (bp: number) => bp / 100;

/** A discount code that may be applied now, with the rule the pricing function applies. */
export interface ApplicableDiscount {
  id: string;
  code: string;
  name: string;
  rule: DiscountRule;
  row: DiscountsTable;
}

const codeProblem = (message: string) =>
  new AppError('UNPROCESSABLE', message, { fields: { discount_code: message } });

export const usedUpMessage = (code: string) => `The discount code "${code}" has reached its usage limit.`;

export function ruleOf(row: DiscountsTable): DiscountRule {
  return {
    type: row.type,
    value: row.value,
    appliesTo: row.applies_to,
    productIds: JSON.parse(row.product_ids) as string[],
    categoryIds: JSON.parse(row.category_ids) as string[],
    minOrderAmount: row.min_order_amount,
  };
}

/**
 * The discount a code names, when it can be used now: 422 for an unknown, switched-off,
 * not-yet-started or ended code, 409 once its usage limit is used up. The minimum order amount
 * is checked when the cart is priced. The use itself is counted by `countDiscountUse` in the
 * order's transaction.
 */
export async function applicableDiscount(
  db: Db,
  ctx: Pick<StoreContext, 'storeId' | 'now' | 'access'>,
  code: string,
): Promise<ApplicableDiscount> {
  const row = await discountsRepository(db, ctx.storeId).byCode(code.trim().toUpperCase());
  if (!row) throw codeProblem(`There is no discount with the code "${code}".`);
  const now = ctx.now.toISOString();
  const timeZone = ctx.access.store.timezone;
  switch (discountStateOf(row, now)) {
    case 'inactive':
      throw codeProblem(`The discount code "${row.code}" is switched off.`);
    case 'scheduled':
      throw codeProblem(
        `The discount code "${row.code}" starts on ${localDateText(row.starts_at!, timeZone)}.`,
      );
    case 'expired':
      if (row.ends_at != null && row.ends_at < now) {
        throw codeProblem(
          `The discount code "${row.code}" ended on ${localDateText(row.ends_at, timeZone)}.`,
        );
      }
      throw conflict(usedUpMessage(row.code), { discount_code: 'This code has been used up' });
    case 'active':
      return { id: row.id, code: row.code, name: row.name, rule: ruleOf(row), row };
  }
}

/** Counts one use of a discount in the order's transaction; 409 when its limit was reached meanwhile. */
export async function countDiscountUse(
  trx: Transaction<Database>,
  ctx: Pick<StoreContext, 'storeId'>,
  discount: { id: string; code: string },
): Promise<void> {
  if (!(await discountsRepository(trx, ctx.storeId).use(discount.id))) {
    throw conflict(usedUpMessage(discount.code), { discount_code: 'This code has been used up' });
  }
}

/** Gives a use back, when the order that used it is cancelled. */
export async function releaseDiscountUse(
  trx: Transaction<Database>,
  ctx: Pick<StoreContext, 'storeId'>,
  discountId: string,
): Promise<void> {
  await discountsRepository(trx, ctx.storeId).release(discountId);
}

/**
 * The discount a code names, whatever its state now, for a sale the till made offline (decision
 * 0036): the customer was given it at the till, so the sale keeps it; `usable` says whether it
 * could still be used (else the order records why not, and no use is counted). Null for a code
 * the store does not have.
 */
export async function discountForOfflineSale(
  db: Db,
  ctx: Pick<StoreContext, 'storeId' | 'now'>,
  code: string,
): Promise<{ discount: ApplicableDiscount; usable: boolean } | null> {
  const row = await discountsRepository(db, ctx.storeId).byCode(code.trim().toUpperCase());
  if (!row) return null;
  return {
    discount: { id: row.id, code: row.code, name: row.name, rule: ruleOf(row), row },
    usable: discountStateOf(row, ctx.now.toISOString()) === 'active',
  };
}
