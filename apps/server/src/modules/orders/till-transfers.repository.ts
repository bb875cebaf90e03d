import type { IncomingTransferState } from '@tillbook/contract/till-transfers';
import { sql, type Kysely, type Transaction } from 'kysely';
import { acrossStores } from '../../db/store-key-check.js';
import { rowsChanged } from '../../db/results.js';
import type { Database } from '../../db/schema.js';
import { offsetOf, pageOf, type Page } from '../../lib/pagination.js';
import type { IncomingTransfersTable, OrdersTable, TillTransfersTable } from './orders.tables.js';

type Db = Kysely<Database> | Transaction<Database>;

/** How many open sales the "match it" queue offers as candidates for a transfer. */
export const CANDIDATES_SHOWN = 50;

/** A sale a transfer could pay, as the "match it" queue lists it. */
export type CandidateRow = Pick<
  OrdersTable,
  'id' | 'number' | 'amount_outstanding' | 'created_by_name' | 'created_at'
>;

/**
 * Sales waiting for a transfer (`till_transfers`) and transfers that came in (`incoming_transfers`)
 * of one store (decision 0065); every query is built from its id.
 */
export function tillTransfersRepository(db: Db, storeId: string) {
  return {
    forOrders(orderIds: readonly string[]): Promise<TillTransfersTable[]> {
      if (!orderIds.length) return Promise.resolve([]);
      return db
        .selectFrom('till_transfers')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('order_id', 'in', orderIds)
        .execute();
    },

    /**
     * Sales on the account waiting for exactly `amount`, not yet expired, oldest first (ties by
     * order id, itself time-ordered): the ones a transfer of that amount pays.
     */
    async waitingFor(accountNumber: string, amount: number, now: string): Promise<string[]> {
      const rows = await db
        .selectFrom('till_transfers')
        .select('order_id')
        .where('store_id', '=', storeId)
        .where('state', '=', 'awaiting')
        .where('account_number', '=', accountNumber)
        .where('amount', '=', amount)
        .where('expires_at', '>', now)
        .orderBy('created_at')
        .orderBy('order_id')
        .limit(20)
        .execute();
      return rows.map((r) => r.order_id);
    },

    /** Whether any sale on the account still waits for a transfer (expired or not). */
    async anyWaiting(accountNumber: string): Promise<boolean> {
      const row = await db
        .selectFrom('till_transfers')
        .select('order_id')
        .where('store_id', '=', storeId)
        .where('state', '=', 'awaiting')
        .where('account_number', '=', accountNumber)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Takes a waiting sale for a transfer that pays it in full: one conditional update, so two
     * transfers (two webhooks at once) can never both pay the same sale. Answers whether it did.
     */
    async claim(orderId: string, amount: number, now: string): Promise<boolean> {
      const result = await db
        .updateTable('till_transfers')
        .set({ state: 'paid', received: amount, paid_at: now })
        .where('store_id', '=', storeId)
        .where('order_id', '=', orderId)
        .where('state', '=', 'awaiting')
        .where('amount', '=', amount)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return rowsChanged(result) === 1;
    },

    /** Gives back a claim whose sale could not be paid after all (changed since it waited). */
    async unclaim(orderId: string): Promise<void> {
      await db
        .updateTable('till_transfers')
        .set({ state: 'awaiting', received: 0, paid_at: null })
        .where('store_id', '=', storeId)
        .where('order_id', '=', orderId)
        .execute();
    },

    /** Money matched to the sale by hand: what was received grows, and the state follows. */
    async addReceived(orderId: string, amount: number, paidInFull: boolean, now: string): Promise<void> {
      await db
        .updateTable('till_transfers')
        .set((eb) => ({
          received: eb('received', '+', amount),
          state: paidInFull ? 'paid' : 'part_paid',
          paid_at: now,
        }))
        .where('store_id', '=', storeId)
        .where('order_id', '=', orderId)
        .where('state', 'in', ['awaiting', 'part_paid'])
        .execute();
    },

    /** The sale was cancelled: it waits no more. */
    async cancel(orderId: string): Promise<void> {
      await db
        .updateTable('till_transfers')
        .set({ state: 'cancelled' })
        .where('store_id', '=', storeId)
        .where('order_id', '=', orderId)
        .where('state', 'in', ['awaiting', 'part_paid'])
        .execute();
    },

    /** A transfer that came in, once per provider reference: false when it was written before. */
    async addIncoming(row: IncomingTransfersTable): Promise<boolean> {
      const result = await db
        .insertInto('incoming_transfers')
        .values(row)
        .onConflict((oc) => oc.columns(['store_id', 'provider_reference']).doNothing())
        .executeTakeFirst();
      return rowsChanged(result) === 1;
    },

    incoming(id: string): Promise<IncomingTransfersTable | undefined> {
      return db
        .selectFrom('incoming_transfers')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** Changes a transfer only while it is still in the state it was read in (a match, an ignore). */
    async updateIncomingIf(
      id: string,
      expected: IncomingTransferState,
      patch: Partial<IncomingTransfersTable>,
    ): Promise<boolean> {
      const result = await db
        .updateTable('incoming_transfers')
        .set(patch)
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .where('state', '=', expected)
        .executeTakeFirst();
      return rowsChanged(result) === 1;
    },

    /** Transfers received, newest first. */
    async listIncoming(f: {
      page: number;
      perPage: number;
      state?: IncomingTransferState | undefined;
    }): Promise<Page<IncomingTransfersTable>> {
      let q = db.selectFrom('incoming_transfers').where('store_id', '=', storeId);
      if (f.state) q = q.where('state', '=', f.state);
      const [rows, count] = await Promise.all([
        q
          .selectAll()
          .orderBy('received_at', 'desc')
          .orderBy('id', 'desc')
          .limit(f.perPage)
          .offset(offsetOf(f))
          .execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      ]);
      return pageOf(rows, count?.n ?? 0, f);
    },

    /**
     * The open sales paid by transfer that still owe money, oldest first: the sales a transfer in
     * the "match it" queue could pay (those waiting at the till among them).
     */
    openTransferSales(): Promise<CandidateRow[]> {
      return db
        .selectFrom('orders')
        .select(['id', 'number', 'amount_outstanding', 'created_by_name', 'created_at'])
        .where('store_id', '=', storeId)
        .where('payment_type', '=', 'bank_transfer')
        .where('status', 'in', ['pending', 'processing'])
        .where('amount_outstanding', '>', 0)
        .orderBy('created_at')
        .orderBy('id')
        .limit(CANDIDATES_SHOWN)
        .execute();
    },
  };
}

/** The stores with sales waiting for a transfer, with the oldest one's time (every store, decision 0049). */
export const storesWaiting = (db: Kysely<Database>, after: string) =>
  acrossStores(
    db
      .selectFrom('till_transfers')
      .select(['store_id', sql<string>`min(created_at)`.as('oldest')])
      .where('state', '=', 'awaiting')
      .where('created_at', '>', after)
      .groupBy('store_id'),
  ).execute();
