import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { DAY_NUMBERS, NO_FIGURES } from './figure-numbers.js';
import type { SalesDaysTable } from './reports.tables.js';

/** Reads of the sales figures, bound to a store. Dates are store-local, both ends included. */

export type DayFigures = Omit<SalesDaysTable, 'store_id'>;

const DAY_COLUMNS = DAY_NUMBERS;

export function reportsRepository(db: Kysely<Database>, storeId: string) {
  return {
    /** Each day with figures in the range, oldest first (days without any have no row). */
    async days(from: string, to: string): Promise<DayFigures[]> {
      const rows = await db
        .selectFrom('sales_days')
        .select(['day', ...DAY_COLUMNS])
        .where('store_id', '=', storeId)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .orderBy('day')
        .execute();
      return rows.map((r) => {
        const out = { day: r.day } as DayFigures;
        for (const c of DAY_COLUMNS) out[c] = r[c];
        return out;
      });
    },

    /** The range's figures added up (all time when both ends are null). */
    async sum(from: string | null, to: string | null): Promise<Omit<DayFigures, 'day'>> {
      let q = db
        .selectFrom('sales_days')
        .select((eb) => DAY_COLUMNS.map((c) => eb.fn.sum<number | null>(c).as(c)))
        .where('store_id', '=', storeId);
      if (from) q = q.where('day', '>=', from);
      if (to) q = q.where('day', '<=', to);
      const row = (await q.executeTakeFirst()) as Record<string, number | null> | undefined;
      const out = { ...NO_FIGURES };
      for (const c of DAY_COLUMNS) out[c] = row?.[c] ?? 0;
      return out;
    },

    /** Per product sold in the range (all time when both ends are null): units, revenue, cost. */
    async products(
      from: string | null,
      to: string | null,
      order?: { by: 'revenue'; limit: number },
    ): Promise<Array<{ product_id: string; units: number; revenue: number; cost: number }>> {
      let rows: Array<{ product_id: string; units: number; revenue: number; cost: number }>;
      if (!from && !to) {
        let q = db
          .selectFrom('sales_products')
          .select(['product_id', 'units', 'revenue', 'cost'])
          .where('store_id', '=', storeId);
        if (order)
          q = q.where('units', '>', 0).orderBy('revenue', 'desc').orderBy('product_id').limit(order.limit);
        rows = await q.execute();
      } else {
        let q = db
          .selectFrom('sales_product_days')
          .select((eb) => [
            'product_id',
            eb.fn.sum<number>('units').as('units'),
            eb.fn.sum<number>('revenue').as('revenue'),
            eb.fn.sum<number>('cost').as('cost'),
          ])
          .where('store_id', '=', storeId)
          .groupBy('product_id');
        if (from) q = q.where('day', '>=', from);
        if (to) q = q.where('day', '<=', to);
        if (order) {
          q = q
            .having((eb) => eb.fn.sum<number>('units'), '>', 0)
            .orderBy((eb) => eb.fn.sum<number>('revenue'), 'desc')
            .orderBy('product_id')
            .limit(order.limit);
        }
        rows = await q.execute();
      }
      return rows.map((r) => ({
        product_id: r.product_id,
        units: r.units,
        revenue: r.revenue,
        cost: r.cost,
      }));
    },

    /** The customers who spent most in the range (all time when both ends are null). */
    async topCustomers(
      from: string | null,
      to: string | null,
      limit: number,
    ): Promise<Array<{ customer_id: string; orders: number; spent: number }>> {
      let rows: Array<{ customer_id: string; orders: number; spent: number }>;
      if (!from && !to) {
        rows = await db
          .selectFrom('sales_customers')
          .select(['customer_id', 'orders', 'spent'])
          .where('store_id', '=', storeId)
          .where('orders', '>', 0)
          .orderBy('spent', 'desc')
          .orderBy('customer_id')
          .limit(limit)
          .execute();
      } else {
        let q = db
          .selectFrom('sales_customer_days')
          .select((eb) => [
            'customer_id',
            eb.fn.sum<number>('orders').as('orders'),
            eb.fn.sum<number>('spent').as('spent'),
          ])
          .where('store_id', '=', storeId)
          .groupBy('customer_id');
        if (from) q = q.where('day', '>=', from);
        if (to) q = q.where('day', '<=', to);
        rows = await q
          .having((eb) => eb.fn.sum<number>('orders'), '>', 0)
          .orderBy((eb) => eb.fn.sum<number>('spent'), 'desc')
          .orderBy('customer_id')
          .limit(limit)
          .execute();
      }
      return rows.map((r) => ({
        customer_id: r.customer_id,
        orders: r.orders,
        spent: r.spent,
      }));
    },

    /** Distinct customers with a sale in the range (all time when both ends are null). */
    async buyingCustomers(from: string | null, to: string | null): Promise<number> {
      if (!from && !to) {
        const row = await db
          .selectFrom('sales_customers')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('store_id', '=', storeId)
          .where('orders', '>', 0)
          .executeTakeFirstOrThrow();
        return row.n;
      }
      let q = db
        .selectFrom('sales_customer_days')
        .select((eb) => eb.fn.count<number>('customer_id').distinct().as('n'))
        .where('store_id', '=', storeId)
        .where('orders', '>', 0);
      if (from) q = q.where('day', '>=', from);
      if (to) q = q.where('day', '<=', to);
      return (await q.executeTakeFirstOrThrow()).n;
    },
  };
}
