import type { Kysely, Transaction } from 'kysely';
import { engineOf } from '../../db/connection.js';
import { rowsChanged } from '../../db/results.js';
import type { Database } from '../../db/schema.js';
import { offsetOf, pageOf, type Page } from '../../lib/pagination.js';
import { runSql } from '../../lib/sql.js';
import type { ShiftEntriesTable, ShiftEntryKind, ShiftsTable } from './shifts.tables.js';

type Db = Kysely<Database> | Transaction<Database>;

const RULE = `(select shift_required from till_settings where store_id = ?) as required`;
/** The member's open shift in the store, and the store's shift rule. */
const FOR_SALE_OPEN = `select (select id from shifts where store_id = ? and member_id = ? and status = 'open') as shift_id, ${RULE}`;
/** The shift a till named (open or not), and the store's shift rule. */
const FOR_SALE_NAMED = `select (select id from shifts where store_id = ? and id = ?) as shift_id, ${RULE}`;

/** The sums of a shift's entries of one kind and payment type. */
export interface EntryGroup {
  shift_id: string;
  kind: ShiftEntryKind;
  payment_type: ShiftEntriesTable['payment_type'];
  count: number;
  /** Entries with money in them (a sale not paid yet has none). */
  paid_count: number;
  amount: number;
  sale_total: number;
  discount: number;
}

export interface ShiftFilter {
  page: number;
  perPage: number;
  memberId?: string | undefined;
  status?: ShiftsTable['status'] | undefined;
  /** Inclusive ISO instants of the opening. */
  from?: string | undefined;
  to?: string | undefined;
}

/** A store's shifts and their entries; every query is built from the store's id. */
export function shiftsRepository(db: Db, storeId: string) {
  const postgres = engineOf(db as Kysely<unknown>) === 'postgres';
  return {
    get: (id: string) =>
      db
        .selectFrom('shifts')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .executeTakeFirst(),

    openOf: (memberId: string) =>
      db
        .selectFrom('shifts')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('member_id', '=', memberId)
        .where('status', '=', 'open')
        .executeTakeFirst(),

    /**
     * The shift a change made by `memberId` belongs to, and whether the store asks for one at the
     * till (`till_settings.shift_required`), in one statement: every sale runs it. The shift is
     * `named` (the till's open shift when it sold, even if closed since: the money went into that
     * drawer) when it is the store's, else the member's open shift.
     */
    async findForSale(
      memberId: string,
      named: string | null,
    ): Promise<{ shiftId: string | null; required: boolean }> {
      // Fixed SQL text (decision 0009): every sale runs it, and building it cost more than running it.
      const { rows } = await runSql<{ shift_id: string | null; required: number | null }>(
        db,
        named ? FOR_SALE_NAMED : FOR_SALE_OPEN,
        named ? [storeId, named, storeId] : [storeId, memberId, storeId],
      );
      const row = rows[0];
      if (!row?.shift_id && named) return this.findForSale(memberId, null);
      return { shiftId: row?.shift_id ?? null, required: row?.required === 1 };
    },

    /**
     * Holds the shift's row until the change commits (PostgreSQL; SQLite has one writer): a close
     * (an update of the row) waits for it and then counts it, and a change that waited for a close
     * finds the shift closed. Answers whether the shift is still there to hold.
     */
    async hold(id: string, named: boolean): Promise<boolean> {
      if (!postgres) return true;
      const q = db.selectFrom('shifts').select('id').where('store_id', '=', storeId).where('id', '=', id);
      return !!(await (named ? q : q.where('status', '=', 'open')).forShare().executeTakeFirst());
    },

    async insert(row: ShiftsTable): Promise<void> {
      await db.insertInto('shifts').values(row).execute();
    },

    async insertEntry(row: ShiftEntriesTable): Promise<void> {
      await db.insertInto('shift_entries').values(row).execute();
    },

    /** Closes the shift if it is still open; answers whether it did. */
    async closeIfOpen(
      id: string,
      patch: Pick<
        ShiftsTable,
        'counted_cash' | 'close_note' | 'closed_at' | 'closed_by_id' | 'closed_by_name'
      >,
    ): Promise<boolean> {
      const result = await db
        .updateTable('shifts')
        .set({ ...patch, status: 'closed' })
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return rowsChanged(result) === 1;
    },

    /**
     * Locks a shift's row for a cash movement (PostgreSQL; SQLite has one writer), so movements
     * and the close of one shift happen one after the other and a payout sees the ones before it.
     */
    lockForUpdate(id: string) {
      const q = db.selectFrom('shifts').selectAll().where('store_id', '=', storeId).where('id', '=', id);
      return (postgres ? q.forUpdate() : q).executeTakeFirst();
    },

    /** The sums of the shifts' entries by shift, kind and payment type. */
    async groups(shiftIds: readonly string[]): Promise<EntryGroup[]> {
      if (!shiftIds.length) return [];
      return db
        .selectFrom('shift_entries')
        .select((eb) => [
          'shift_id',
          'kind',
          'payment_type',
          eb.fn.countAll<number>().as('count'),
          eb.fn.sum<number>(eb.case().when('amount', '>', 0).then(1).else(0).end()).as('paid_count'),
          eb.fn.sum<number>('amount').as('amount'),
          eb.fn.sum<number>('sale_total').as('sale_total'),
          eb.fn.sum<number>('discount').as('discount'),
        ])
        .where('store_id', '=', storeId)
        .where('shift_id', 'in', shiftIds)
        .groupBy(['shift_id', 'kind', 'payment_type'])
        .execute();
    },

    /** A shift's pay-ins and payouts, oldest first. */
    movements: (shiftId: string) =>
      db
        .selectFrom('shift_entries')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('shift_id', '=', shiftId)
        .where('kind', 'in', ['pay_in', 'pay_out'])
        .orderBy('created_at')
        .orderBy('id')
        .execute(),

    async list(f: ShiftFilter): Promise<Page<ShiftsTable>> {
      let q = db.selectFrom('shifts').where('store_id', '=', storeId);
      if (f.memberId) q = q.where('member_id', '=', f.memberId);
      if (f.status) q = q.where('status', '=', f.status);
      if (f.from) q = q.where('opened_at', '>=', f.from);
      if (f.to) q = q.where('opened_at', '<=', f.to);
      const [rows, count] = await Promise.all([
        q
          .selectAll()
          .orderBy('opened_at', 'desc')
          .orderBy('id', 'desc')
          .limit(f.perPage)
          .offset(offsetOf(f))
          .execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      ]);
      return pageOf(rows, count?.n ?? 0, f);
    },
  };
}
