import type { Kysely } from 'kysely';
import { backfillSalesFigures } from './frozen/sales-figures-backfill.js';

/**
 * Issue 18 (speed at a million orders): the day's figures also keep the totals of every order
 * placed that day, whatever became of it, so the transactions list's count and amount of a
 * period without a status filter add up days instead of a year of orders (decision 0031,
 * addendum). An order's total never changes once placed (refunds are kept apart), and the sale
 * already adds to its day's row, so this is one more column of the same row, not another write.
 * Filled from the orders already made by rebuilding the figures (the frozen copy of the rebuild,
 * decision 0050).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sales_days')
    .addColumn('placed_total', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await backfillSalesFigures(db, { placedTotal: true });
}
