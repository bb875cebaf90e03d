import type { Discount, DiscountState } from '@tillbook/contract/discounts';
import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import { rowsChanged } from '../../db/results.js';
import type { Database } from '../../db/schema.js';
import { offsetOf, pageOf, type Page } from '../../lib/pagination.js';
import { containsText } from '../../lib/sql.js';
import type { DiscountsTable } from './discounts.tables.js';

type Db = Kysely<Database> | Transaction<Database>;

const parseIds = (json: string): string[] => JSON.parse(json) as string[];

/** The state a discount is in at `now` (ISO): see DISCOUNT_STATES. */
export function discountStateOf(row: DiscountsTable, now: string): DiscountState {
  if (!row.is_active) return 'inactive';
  const usedUp = row.usage_limit != null && row.used_count >= row.usage_limit;
  if (usedUp || (row.ends_at != null && row.ends_at < now)) return 'expired';
  if (row.starts_at != null && row.starts_at > now) return 'scheduled';
  return 'active';
}

export function toDiscount(row: DiscountsTable, now: string): Discount {
  const value = row.value;
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    type: row.type,
    value: row.type === 'percentage' ? value / 100 : value,
    applies_to: row.applies_to,
    product_ids: parseIds(row.product_ids),
    category_ids: parseIds(row.category_ids),
    min_order_amount: row.min_order_amount,
    usage_limit: row.usage_limit,
    used_count: row.used_count,
    starts_at: row.starts_at,
    ends_at: row.ends_at,
    is_active: row.is_active === 1,
    status: discountStateOf(row, now),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The same rule as `discountStateOf`, as SQL; every part is true or false, never null. */
function inState(eb: ExpressionBuilder<Database, 'discounts'>, state: DiscountState, now: string) {
  const usedUp = eb.and([eb('usage_limit', 'is not', null), eb('used_count', '>=', eb.ref('usage_limit'))]);
  const ended = eb.and([eb('ends_at', 'is not', null), eb('ends_at', '<', now)]);
  const expired = eb.or([usedUp, ended]);
  const notStarted = eb.and([eb('starts_at', 'is not', null), eb('starts_at', '>', now)]);
  switch (state) {
    case 'inactive':
      return eb('is_active', '=', 0);
    case 'expired':
      return eb.and([eb('is_active', '=', 1), expired]);
    case 'scheduled':
      return eb.and([eb('is_active', '=', 1), eb.not(expired), notStarted]);
    case 'active':
      return eb.and([eb('is_active', '=', 1), eb.not(expired), eb.not(notStarted)]);
  }
}

export interface DiscountFilter {
  page: number;
  perPage: number;
  status?: DiscountState | undefined;
  search?: string | undefined;
  isActive?: boolean | undefined;
}

/** Discounts of one store; every query is built from its id. */
export function discountsRepository(db: Db, storeId: string) {
  return {
    async list(f: DiscountFilter, now: string): Promise<Page<DiscountsTable>> {
      let q = db.selectFrom('discounts').where('store_id', '=', storeId);
      if (f.status) {
        const status = f.status;
        q = q.where((eb) => inState(eb, status, now));
      }
      if (f.isActive !== undefined) q = q.where('is_active', '=', f.isActive ? 1 : 0);
      if (f.search) {
        const term = f.search;
        q = q.where((eb) => eb.or([containsText('name', term), containsText('code', term)]));
      }
      const [rows, count] = await Promise.all([
        q.selectAll().orderBy('id', 'desc').limit(f.perPage).offset(offsetOf(f)).execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      ]);
      return pageOf(rows, count?.n ?? 0, f);
    },

    get(id: string): Promise<DiscountsTable | undefined> {
      return db
        .selectFrom('discounts')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    byCode(code: string): Promise<DiscountsTable | undefined> {
      return db
        .selectFrom('discounts')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('code', '=', code)
        .executeTakeFirst();
    },

    /** The switched-on discounts (their dates and uses are the caller's to judge): few per store. */
    active(): Promise<DiscountsTable[]> {
      return db
        .selectFrom('discounts')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('is_active', '=', 1)
        .execute();
    },

    async codesTaken(codes: string[]): Promise<Set<string>> {
      if (!codes.length) return new Set();
      const rows = await db
        .selectFrom('discounts')
        .select('code')
        .where('store_id', '=', storeId)
        .where('code', 'in', codes)
        .execute();
      return new Set(rows.map((r) => r.code));
    },

    async insert(row: DiscountsTable): Promise<void> {
      await db.insertInto('discounts').values(row).execute();
    },

    async update(id: string, patch: Partial<DiscountsTable>): Promise<void> {
      await db
        .updateTable('discounts')
        .set(patch)
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .execute();
    },

    /**
     * Counts one use, only while the limit allows: the row count says whether it did. Under
     * concurrent orders the database serialises these updates on the row, so a limit of N is
     * never passed.
     */
    async use(id: string): Promise<boolean> {
      const result = await db
        .updateTable('discounts')
        .set((eb) => ({ used_count: eb('used_count', '+', 1) }))
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('used_count', '<', eb.ref('usage_limit'))]))
        .executeTakeFirst();
      return rowsChanged(result) === 1;
    },

    async release(id: string): Promise<void> {
      await db
        .updateTable('discounts')
        .set((eb) => ({ used_count: eb('used_count', '-', 1) }))
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .where('used_count', '>', 0)
        .execute();
    },
  };
}

export type DiscountsRepository = ReturnType<typeof discountsRepository>;
