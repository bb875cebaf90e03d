import type { StoreContext } from '../../lib/context.js';
import { addDays, localDate } from '../../lib/local-dates.js';
import { figuresOf } from './sales-figures.js';

/**
 * The store's best sellers for the phone till's grid (issue 31, decision 0056): the products with
 * the most units kept (sold less refunded) over the last `days` store days, today included, read
 * from the sales figures (decision 0031) like sales by item. Ties go by id, so the grid is steady.
 */
export async function topSellingProductIds(
  ctx: StoreContext,
  days: number,
  limit: number,
): Promise<string[]> {
  const to = localDate(ctx.now.getTime(), ctx.access.store.timezone);
  const from = addDays(to, -(days - 1));
  const rows = (await (await figuresOf(ctx)).products(from, to)).filter((r) => r.units > 0);
  rows.sort(
    (a, b) => b.units - a.units || (a.product_id < b.product_id ? -1 : a.product_id > b.product_id ? 1 : 0),
  );
  return rows.slice(0, limit).map((r) => r.product_id);
}
