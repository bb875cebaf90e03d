import type { StockMovement } from '@tillbook/contract/products';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { offsetOf, pageOf, type Page } from '../../lib/pagination.js';

/**
 * Reads of one store's stock ledger by product: its history page, its sum, and whether stock
 * moved through sales or receipts. `productsRepository` carries these queries (callers reach them
 * there); they are kept apart from the products' own statements. The ledger's writes are in
 * `stock.repository.ts`.
 */

type Db = Kysely<Database> | Transaction<Database>;

export function stockHistoryRepository(db: Db, storeId: string) {
  return {
    /**
     * True when something outside the catalogue refers to the product, so deleting it would lose
     * history: stock moved by a sale, refund, cancellation or purchase receipt. Modules that keep
     * product ids in their own tables (order lines, purchase-order lines) add their check here.
     */
    async isReferenced(productId: string): Promise<boolean> {
      const row = await db
        .selectFrom('stock_movements')
        .select('id')
        .where('store_id', '=', storeId)
        .where('product_id', '=', productId)
        .where('reason', 'in', ['sale', 'cancellation', 'refund', 'purchase_receipt'])
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async movements(productId: string, q: { page: number; perPage: number }): Promise<Page<StockMovement>> {
      const base = db
        .selectFrom('stock_movements')
        .where('store_id', '=', storeId)
        .where('product_id', '=', productId);
      const [rows, total] = await Promise.all([
        base.selectAll().orderBy('id', 'desc').limit(q.perPage).offset(offsetOf(q)).execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return pageOf(
        rows.map((r) => ({
          id: r.id,
          product_id: r.product_id,
          variant_id: r.variant_id ?? r.product_id,
          reason: r.reason,
          quantity_change: r.quantity_change,
          quantity_before: r.quantity_before,
          quantity_after: r.quantity_after,
          actor_type: r.actor_type,
          actor_id: r.actor_id,
          actor_name: r.actor_name,
          reference_type: r.reference_type,
          reference_id: r.reference_id,
          note: r.note,
          created_at: r.created_at,
        })),
        total.n,
        q,
      );
    },

    /** Sum of the ledger per product (the invariant quantity = sum of movements). */
    async ledgerSum(productId: string): Promise<number> {
      const row = await db
        .selectFrom('stock_movements')
        .select((eb) => eb.fn.sum<number | null>('quantity_change').as('n'))
        .where('store_id', '=', storeId)
        .where('product_id', '=', productId)
        .executeTakeFirst();
      return row?.n ?? 0;
    },
  };
}
