import type { Kysely, Transaction } from 'kysely';
import { engineOf } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import { insertRows } from '../../lib/insert-rows.js';
import { readInParts, runSql } from '../../lib/sql.js';
import type { StockMovementsTable } from './products.tables.js';
import {
  moveProductsText,
  stampStockText,
  STOCK_STAMP_MS,
  stockStateOf,
  takeStockText,
} from './stock-statements.js';

/**
 * The stock's statements in one store, inside the caller's transaction: the conditional update
 * that takes stock (the fixed texts of `stock-statements.ts`), the products it did not change, and
 * the ledger rows. `stock.service.ts` decides what to take and what to write.
 */

/** Rows per insert statement (14 columns: well within both engines' parameter limits). */
const LEDGER_BATCH = 1000;

/** Variants per stock update statement: four parameters each, well within both engines' limits. */
const TAKE_STOCK_BATCH = 500;

/** A variant the conditional update changed: its new quantity, and its product's name. */
export interface Taken {
  productId: string;
  quantity: number;
  threshold: number;
  /** The variant's name (`M / Red`), empty for a product's own. */
  variantName: string;
  productName: string;
  sku: string;
}

/** One variant's change: its id, its product and the signed number of base units. */
export type VariantChange = [variantId: string, productId: string, delta: number];

/**
 * Takes stock of variants (sorted by product then variant id, each once) by the conditional
 * update, and moves their products by as much; the variants changed with their new quantities.
 */
async function takeStock(
  trx: Transaction<Database>,
  storeId: string,
  now: string,
  changes: VariantChange[],
  belowZero = false,
): Promise<Map<string, Taken>> {
  const engine = engineOf(trx as unknown as Kysely<unknown>);
  const taken = new Map<string, Taken>();
  const bound = new Date(Date.parse(now) - STOCK_STAMP_MS).toISOString();
  for (let i = 0; i < changes.length; i += TAKE_STOCK_BATCH) {
    const chunk = changes.slice(i, i + TAKE_STOCK_BATCH);
    const ids = chunk.map(([id]) => id);
    const products = [...new Set(chunk.map(([, productId]) => productId))];
    const text = takeStockText(engine, chunk.length, products.length, belowZero);
    if (engine === 'postgres') {
      const { rows } = await runSql<VariantRow & { product_name: string }>(trx, text, [
        storeId,
        ...products,
        ...chunk.flat(),
        storeId,
        ...ids,
        bound,
        now,
        storeId,
      ]);
      for (const row of rows) taken.set(row.id, takenOf(row, row.product_name));
      continue;
    }
    const { rows } = await runSql<VariantRow>(trx, text, [...chunk.flat(), storeId, ...ids]);
    if (!rows.length) continue;
    const sums = new Map<string, number>();
    for (const row of rows) {
      const delta = chunk.find(([id]) => id === row.id)![2];
      sums.set(row.product_id, (sums.get(row.product_id) ?? 0) + delta);
    }
    const moved = [...sums];
    const { rows: productRows } = await runSql<{
      id: string;
      name: string;
      quantity: number;
      low_stock_threshold: number;
      stock_state: string;
      updated_at: string;
    }>(trx, moveProductsText(moved.length), [...moved.flat(), storeId, ...moved.map(([id]) => id)]);
    const names = new Map(productRows.map((r) => [r.id, r.name]));
    for (const row of rows) taken.set(row.id, takenOf(row, names.get(row.product_id) ?? ''));
    const stamp = productRows
      .filter((r) => r.updated_at < bound || r.stock_state !== stockStateOf(r))
      .map((r) => r.id);
    if (stamp.length) await runSql(trx, stampStockText(stamp.length), [bound, now, storeId, ...stamp, bound]);
  }
  return taken;
}

interface VariantRow {
  id: string;
  product_id: string;
  quantity: number;
  low_stock_threshold: number;
  name: string;
  sku: string;
}

const takenOf = (row: VariantRow, productName: string): Taken => ({
  productId: row.product_id,
  quantity: row.quantity,
  threshold: row.low_stock_threshold,
  variantName: row.name,
  productName,
  sku: row.sku,
});

export function stockRepository(trx: Transaction<Database>, storeId: string) {
  return {
    /** Takes stock of variants by the conditional update, moving their products; their new quantities. */
    take: (now: string, changes: VariantChange[], belowZero = false) =>
      takeStock(trx, storeId, now, changes, belowZero),

    /** Quantity and tracking of some variants, with their product's name, in parts like the update. */
    async stockOf(ids: string[]) {
      const rows = await readInParts(
        ids,
        (part) =>
          trx
            .selectFrom('product_variants as v')
            .innerJoin('products as p', (j) =>
              j.onRef('p.store_id', '=', 'v.store_id').onRef('p.id', '=', 'v.product_id'),
            )
            .select([
              'v.id',
              'v.product_id',
              'v.name as variant_name',
              'p.name',
              'v.quantity',
              'v.track_stock',
            ])
            .where('v.store_id', '=', storeId)
            .where('v.id', 'in', part)
            .execute(),
        TAKE_STOCK_BATCH,
      );
      return new Map(rows.map((p) => [p.id, p]));
    },

    /** Ledger rows of a sale or a receipt, by the fixed insert texts (`lib/insert-rows.ts`). */
    async writeMovements(rows: StockMovementsTable[]): Promise<void> {
      for (let i = 0; i < rows.length; i += LEDGER_BATCH) {
        await insertRows(trx, 'stock_movements', rows.slice(i, i + LEDGER_BATCH));
      }
    },

    /** Opening-stock ledger rows of an import, built by the query builder. */
    async insertMovements(rows: StockMovementsTable[]): Promise<void> {
      for (let i = 0; i < rows.length; i += LEDGER_BATCH) {
        await trx
          .insertInto('stock_movements')
          .values(rows.slice(i, i + LEDGER_BATCH))
          .execute();
      }
    },
  };
}
