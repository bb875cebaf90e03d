import { NEW_CUSTOMER_DAYS, type Customer, type CustomerFilter } from '@tillbook/contract/customers';
import { sql, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import { engineOf } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import { addDays } from '../../lib/clock.js';
import { bumpCounter, readCounterValues } from '../../lib/counters.js';
import { offsetOf, pageOf, type Page } from '../../lib/pagination.js';
import {
  insertSearchTerms,
  matchesSearch,
  phoneTerms,
  queryWords,
  searchCount,
  searchPage,
  setSearchTerms,
  sortKeyOf,
  wordsOf,
} from '../../lib/search-index.js';
import { readInParts } from '../../lib/sql.js';
import { customerOrderStats, isReturningCustomer, NO_ORDERS } from './customer-orders.queries.js';
import type { CustomersTable } from './customers.tables.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface CustomerFilterInput {
  page: number;
  perPage: number;
  status?: 'active' | 'blocked' | undefined;
  filter?: CustomerFilter | undefined;
  search?: string | undefined;
  sort: 'created_at' | 'name';
  order?: 'asc' | 'desc' | undefined;
}

/** The maintained number of customers of a store. */
export const CUSTOMER_COUNTER = 'customers';
/** The maintained number of blocked customers (active ones are the rest). */
const BLOCKED_COUNTER = 'customers.blocked';

/** The words a customer is found by (names, email, phone in its usual forms) and their sort key. */
export const customerSearchRecord = (
  c: Pick<CustomersTable, 'id' | 'first_name' | 'last_name' | 'email_address' | 'phone_number'>,
) => ({
  recordId: c.id,
  terms: [
    ...new Set([...wordsOf(c.first_name, c.last_name, c.email_address), ...phoneTerms(c.phone_number)]),
  ],
  sortKey: sortKeyOf(`${c.first_name} ${c.last_name}`),
});

export function toCustomer(row: CustomersTable, stats = NO_ORDERS): Customer {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    full_name: `${row.first_name} ${row.last_name}`.trim(),
    email_address: row.email_address,
    phone_number: row.phone_number,
    address: row.address,
    city: row.city,
    state: row.state,
    country: row.country,
    notes: row.notes,
    is_active: row.is_active === 1,
    status: row.is_active === 1 ? 'active' : 'blocked',
    orders_count: stats.orders_count,
    total_spent: stats.total_spent,
    last_order_at: stats.last_order_at,
    credit_limit: row.credit_limit,
    account_balance: stats.account_balance,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Customers of one store; every query is built from its id. */
export function customersRepository(db: Db, storeId: string, now: Date = new Date()) {
  const postgres = engineOf(db as Kysely<unknown>) === 'postgres';

  function filtered<O>(
    q: SelectQueryBuilder<Database, 'customers', O>,
    f: Omit<CustomerFilterInput, 'page' | 'perPage' | 'sort' | 'order'>,
  ): SelectQueryBuilder<Database, 'customers', O> {
    q = q.where('customers.store_id', '=', storeId);
    if (f.status) q = q.where('customers.is_active', '=', f.status === 'active' ? 1 : 0);
    if (f.filter === 'active' || f.filter === 'blocked') {
      q = q.where('customers.is_active', '=', f.filter === 'active' ? 1 : 0);
    }
    if (f.filter === 'new') {
      q = q.where('customers.created_at', '>=', addDays(now, -NEW_CUSTOMER_DAYS).toISOString());
    }
    if (f.filter === 'returning') q = q.where(isReturningCustomer('customers.id', storeId));
    if (f.search !== undefined) {
      const words = queryWords(f.search);
      if (words.length) q = q.where(matchesSearch('customers.id', storeId, ['customer'], words));
    }
    return q;
  }

  const withStats = async (rows: CustomersTable[]) => {
    const stats = await customerOrderStats(
      db,
      storeId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toCustomer(r, stats.get(r.id)));
  };

  return {
    /** A page: ids from an index, then the rows for those ids (see productsRepository.list). */
    async list(f: CustomerFilterInput): Promise<Page<Customer>> {
      const dir = f.order ?? (f.sort === 'name' ? 'asc' : 'desc');
      const words = f.search === undefined ? [] : queryWords(f.search);
      if (words.length && !f.status && !f.filter) {
        // A search alone is answered from the word index, then the page's rows are read.
        const ids = searchPage(storeId, ['customer'], words, {
          order: f.sort === 'name' ? 'name' : 'newest',
          dir,
          limit: f.perPage,
          offset: offsetOf(f),
        });
        const order = sql.raw(f.sort === 'name' ? `k.sort_key ${dir}, c.id ${dir}` : `c.id ${dir}`);
        const rows = await sql<
          CustomersTable & { total: number }
        >`select c.*, k.total from (${ids}) k cross join customers c where c.id = k.id and c.store_id = ${storeId} order by ${order}`.execute(
          db,
        );
        const total = rows.rows.length
          ? rows.rows[0]!.total
          : await searchCount(db, storeId, ['customer'], words);
        return pageOf(await withStats(rows.rows), total, f);
      }
      let ids = filtered(db.selectFrom('customers').select('customers.id'), f);
      if (f.sort === 'name') {
        ids = ids
          .orderBy(sql`lower(customers.first_name)`, dir)
          .orderBy(sql`lower(customers.last_name)`, dir);
      }
      ids = ids.orderBy('customers.id', dir).limit(f.perPage).offset(offsetOf(f));
      let rows = db
        .selectFrom('customers as c')
        .innerJoin(ids.as('k'), 'k.id', 'c.id')
        .selectAll('c')
        .where('c.store_id', '=', storeId);
      if (f.sort === 'name')
        rows = rows.orderBy(sql`lower(c.first_name)`, dir).orderBy(sql`lower(c.last_name)`, dir);
      rows = rows.orderBy('c.id', dir);
      const searched = f.search !== undefined && queryWords(f.search).length > 0;
      const byStatus = f.filter === 'active' || f.filter === 'blocked' ? f.filter : undefined;
      const status = f.status ?? byStatus;
      // Totals from the maintained counters unless a search or the date/orders filters narrow it.
      const counted =
        !searched &&
        (f.filter === undefined || byStatus !== undefined) &&
        !(f.status && byStatus && f.status !== byStatus);
      const [items, total] = await Promise.all([
        rows.execute(),
        counted
          ? readCounterValues(db, storeId, [CUSTOMER_COUNTER, BLOCKED_COUNTER]).then((c) => {
              const all = c.get(CUSTOMER_COUNTER) ?? 0;
              const blocked = c.get(BLOCKED_COUNTER) ?? 0;
              return status === 'blocked' ? blocked : status === 'active' ? all - blocked : all;
            })
          : filtered(
              db.selectFrom('customers').select((eb) => eb.fn.countAll<number>().as('n')),
              f,
            )
              .executeTakeFirstOrThrow()
              .then((r) => r.n),
      ]);
      return pageOf(await withStats(items), total, f);
    },

    async *each(f: Omit<CustomerFilterInput, 'page' | 'perPage'>, batch = 500): AsyncGenerator<Customer[]> {
      for (let page = 1; ; page++) {
        const rows = (await this.list({ ...f, page, perPage: batch })).items;
        if (rows.length) yield rows;
        if (rows.length < batch) return;
      }
    },

    async get(id: string): Promise<Customer | undefined> {
      const row = await db
        .selectFrom('customers')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && (await withStats([row]))[0];
    },

    async setCreditLimit(id: string, creditLimit: number | null): Promise<void> {
      await db
        .updateTable('customers')
        .set({ credit_limit: creditLimit, updated_at: now.toISOString() })
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .execute();
    },

    async row(id: string, forUpdate = false): Promise<CustomersTable | undefined> {
      const q = db.selectFrom('customers').selectAll().where('store_id', '=', storeId).where('id', '=', id);
      return (postgres && forUpdate ? q.forUpdate() : q).executeTakeFirst();
    },

    /** Customers holding one of these emails or phone numbers. */
    async findByContacts(emails: string[], phones: string[]): Promise<CustomersTable[]> {
      const found = new Map<string, CustomersTable>();
      const run = async (column: 'email_address' | 'phone_number', values: string[]) => {
        const rows = await readInParts(values, (part) => {
          const q = db
            .selectFrom('customers')
            .selectAll()
            .where('store_id', '=', storeId)
            .where(column, 'in', part);
          return (postgres ? q.orderBy('id').forUpdate() : q).execute();
        });
        for (const r of rows) found.set(r.id, r);
      };
      if (emails.length) await run('email_address', emails);
      if (phones.length) await run('phone_number', phones);
      return [...found.values()];
    },

    async insert(rows: CustomersTable[]): Promise<void> {
      for (let i = 0; i < rows.length; i += 200) {
        await db
          .insertInto('customers')
          .values(rows.slice(i, i + 200))
          .execute();
      }
      await insertSearchTerms(db, storeId, 'customer', rows.map(customerSearchRecord));
      if (rows.length) await bumpCounter(db, storeId, CUSTOMER_COUNTER, rows.length);
      const blocked = rows.filter((r) => r.is_active !== 1).length;
      if (blocked) await bumpCounter(db, storeId, BLOCKED_COUNTER, blocked);
    },

    async update(
      before: CustomersTable,
      patch: Partial<Omit<CustomersTable, 'id' | 'store_id' | 'created_at'>>,
    ) {
      await db
        .updateTable('customers')
        .set(patch)
        .where('store_id', '=', storeId)
        .where('id', '=', before.id)
        .execute();
      const after = { ...before, ...patch };
      if (after.is_active !== before.is_active) {
        await bumpCounter(db, storeId, BLOCKED_COUNTER, after.is_active === 1 ? -1 : 1);
      }
      const [old, next] = [customerSearchRecord(before), customerSearchRecord(after)];
      if (old.terms.join('\n') !== next.terms.join('\n') || old.sortKey !== next.sortKey) {
        await setSearchTerms(db, storeId, 'customer', next, old.terms);
      }
    },

    /** Names and contacts of some customers, 500 ids a statement; deleted ones are absent. */
    labelRows: (ids: readonly string[]) =>
      readInParts([...new Set(ids)], (part) =>
        db
          .selectFrom('customers')
          .select(['id', 'first_name', 'last_name', 'email_address', 'phone_number'])
          .where('store_id', '=', storeId)
          .where('id', 'in', part)
          .execute(),
      ),

    /** How many were added between two instants (either open), by the `(store_id, created_at)` index. */
    async countAdded(from: string | null, to: string | null): Promise<number> {
      let q = db
        .selectFrom('customers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('store_id', '=', storeId);
      if (from) q = q.where('created_at', '>=', from);
      if (to) q = q.where('created_at', '<', to);
      return (await q.executeTakeFirstOrThrow()).n;
    },

    /** When each customer added between two instants was added, oldest first. */
    async addedTimes(from: string, to: string): Promise<string[]> {
      const rows = await db
        .selectFrom('customers')
        .select('created_at')
        .where('store_id', '=', storeId)
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .orderBy('created_at')
        .execute();
      return rows.map((r) => r.created_at);
    },

    /** Rows changed after `after` (all when null), oldest change first, at most `limit`. */
    /** What each of these customers owes on account: the sum of their entries (decision 0065). */
    async balancesOf(ids: readonly string[]): Promise<Map<string, number>> {
      if (!ids.length) return new Map();
      const rows = await db
        .selectFrom('customer_account_entries')
        .select((eb) => ['customer_id', eb.fn.sum<number>('amount').as('balance')])
        .where('store_id', '=', storeId)
        .where('customer_id', 'in', ids)
        .groupBy('customer_id')
        .execute();
      return new Map(rows.map((r) => [r.customer_id, r.balance]));
    },

    changedSince(after: { at: string; id: string } | null, limit: number): Promise<CustomersTable[]> {
      let q = db.selectFrom('customers').selectAll().where('store_id', '=', storeId);
      if (after) {
        q = q.where((eb) =>
          eb.or([
            eb('updated_at', '>', after.at),
            eb.and([eb('updated_at', '=', after.at), eb('id', '>', after.id)]),
          ]),
        );
      }
      return q.orderBy('updated_at').orderBy('id').limit(limit).execute();
    },
  };
}

export type CustomersRepository = ReturnType<typeof customersRepository>;
