import type { Kysely, Transaction } from 'kysely';
import { engineOf } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import type { StoreContext } from '../../lib/context.js';
import { reportsRepository } from './reports.repository.js';
import { holdStoreZone } from '../stores/stores.public.js';
import {
  changesWaiting,
  rollUpChangesPostgres,
  rollUpChangesSqlite,
  storesWithChanges,
} from './figure-rollup.queries.js';

/**
 * The roll-up (decision 0031, addendum "Changes rolled up after the commit"): the change rows a
 * sale wrote (`sales-figures.ts`) added to the store's figures after the commit, before every read.
 */

/** Changes one roll-up transaction takes at most. */
const CLAIM = 2000;

const isRetryable = (e: unknown) => ['40P01', '40001'].includes((e as { code?: string } | null)?.code ?? '');

/**
 * Adds the store's changes written so far to its figures (decision 0031, addendum). Every read of
 * the figures calls it first, so a figure read after a sale's answer counts that sale: the
 * figures are as exact as if each sale had added to them itself. With nothing waiting it is one
 * read of one index entry.
 */
export async function rollUpSalesFigures(db: Kysely<Database>, storeId: string): Promise<void> {
  for (let attempt = 1; ;) {
    if (!(await changesWaiting(db, storeId))) return;
    try {
      await db.transaction().execute((trx) => rollUpIn(trx, storeId));
    } catch (e) {
      // Two roll-ups of a store on PostgreSQL can meet on a figure row; the one ended tries again.
      if (!isRetryable(e) || ++attempt > 5) throw e;
    }
  }
}

/**
 * One round of the background roll-up (`startSalesFiguresRollUp`): the stores with changes
 * waiting, each rolled up in its own transactions. Answers the number of stores.
 */
export async function rollUpWaitingSalesFigures(db: Kysely<Database>): Promise<number> {
  const stores = await storesWithChanges(db);
  for (const storeId of stores) await rollUpSalesFigures(db, storeId);
  return stores.length;
}

/**
 * Takes up to `CLAIM` of the store's changes (deleting them) and adds them to the figures, in the
 * caller's transaction, in the database: the changes' JSON is read by SQL, so no change crosses
 * to the server and back. On PostgreSQL the store's zone row is read `for share` first: a time-zone
 * change (which locks it `for update`, rebuilds the figures and drops the changes) then runs
 * wholly before or after this, never in between.
 */
async function rollUpIn(trx: Transaction<Database>, storeId: string): Promise<void> {
  if (engineOf(trx as unknown as Kysely<unknown>) === 'postgres') {
    await holdStoreZone(trx, storeId);
    await rollUpChangesPostgres(trx, storeId, CLAIM);
    return;
  }
  await rollUpChangesSqlite(trx, storeId, CLAIM);
}

/** The store's figures to read, with every change committed so far added in. */
export async function figuresOf(ctx: StoreContext): Promise<ReturnType<typeof reportsRepository>> {
  await rollUpSalesFigures(ctx.db, ctx.storeId);
  return reportsRepository(ctx.db, ctx.storeId);
}
