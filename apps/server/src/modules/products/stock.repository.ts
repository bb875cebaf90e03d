import type { Kysely, Transaction } from 'kysely';
import { engineOf } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import { insertRows } from '../../lib/insert-rows.js';
import { readInParts, runSql } from '../../lib/sql.js';
import type { StockMovementsTable } from './products.tables.js';
import { stampStockText, STOCK_STAMP_MS, stockStateOf, takeStockText } from './stock-statements.js';

/**
 * The stock's statements in one store, inside the caller's transaction: the conditional update
 * that takes stock (the fixed texts of `stock-statements.ts`), the products it did not change, and
 * the ledger rows. `stock.service.ts` decides what to take and what to write.
 */

/** Rows per insert statement (14 columns: well within both engines' parameter limits). */
const LEDGER_BATCH = 1000;

/** Products per stock update statement: two parameters each, well within both engines' limits. */
const TAKE_STOCK_BATCH = 500;

interface Taken {
  quantity: number;
  threshold: number;
  name: string;
  sku: string;
}

/** Takes stock of products (sorted by id, each once) by the conditional update; their new quantities. */
async function takeStock(
  trx: Transaction<Database>,
  storeId: string,
  now: string,
  changes: Array<[productId: string, delta: number]>,
  belowZero = false,
): Promise<Map<string, Taken>> {
  const engine = engineOf(trx as unknown as Kysely<unknown>);
  const taken = new Map<string, Taken>();
  for (let i = 0; i < changes.length; i += TAKE_STOCK_BATCH) {
    const chunk = changes.slice(i, i + TAKE_STOCK_BATCH);
    const ids = chunk.map(([id]) => id);
    const bound = new Date(Date.parse(now) - STOCK_STAMP_MS).toISOString();
    const parameters =
      engine === 'postgres'
        ? [storeId, ...ids, bound, now, ...chunk.flat(), storeId]
        : [...chunk.flat(), storeId, ...ids];
    const { rows } = await runSql<{
      id: string;
      quantity: number;
      low_stock_threshold: number;
      name: string;
      sku: string;
      /** SQLite: as they were (the statement sets only the quantity). */
      stock_state?: string;
      updated_at?: string;
    }>(trx, takeStockText(engine, chunk.length, belowZero), parameters);
    for (const row of rows) {
      taken.set(row.id, {
        quantity: row.quantity,
        threshold: row.low_stock_threshold,
        name: row.name,
        sku: row.sku,
      });
    }
    if (engine === 'sqlite') {
      const moved = rows
        .filter((r) => r.updated_at! < bound || r.stock_state !== stockStateOf(r))
        .map((r) => r.id);
      if (moved.length)
        await runSql(trx, stampStockText(moved.length), [bound, now, storeId, ...moved, bound]);
    }
  }
  return taken;
}

export function stockRepository(trx: Transaction<Database>, storeId: string) {
  return {
    /** Takes stock of products (sorted by id, each once) by the conditional update; their new quantities. */
    take: (now: string, changes: Array<[productId: string, delta: number]>, belowZero = false) =>
      takeStock(trx, storeId, now, changes, belowZero),

    /** Quantity and tracking of some products, in parts like the update (one statement binds so many). */
    async stockOf(ids: string[]) {
      const rows = await readInParts(
        ids,
        (part) =>
          trx
            .selectFrom('products')
            .select(['id', 'name', 'quantity', 'track_stock'])
            .where('store_id', '=', storeId)
            .where('id', 'in', part)
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
