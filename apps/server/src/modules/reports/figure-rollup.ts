import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import { engineOf } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import type { StoreContext } from '../../lib/context.js';
import { reportsRepository } from './reports.repository.js';
import { acrossStores } from '../../db/store-key-check.js';
import { holdStoreZone } from '../stores/stores.public.js';
import { DAY_NUMBERS } from './figure-numbers.js';
import { insertRows } from '../../lib/insert-rows.js';

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
    const waiting = await db
      .selectFrom('sales_figure_changes')
      .select('id')
      .where('store_id', '=', storeId)
      .limit(1)
      .executeTakeFirst();
    if (!waiting) return;
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
  // The round looks at every store's changes on purpose (every worker on Citus, decision 0049);
  // each store's roll-up then works in that store alone.
  const stores = await acrossStores(
    db.selectFrom('sales_figure_changes').select('store_id').distinct().limit(200),
  ).execute();
  for (const { store_id } of stores) await rollUpSalesFigures(db, store_id);
  return stores.length;
}

/**
 * Takes up to `CLAIM` of the store's changes (deleting them) and adds them to the figures, in the
 * caller's transaction. On PostgreSQL the changes' JSON is read by SQL, so no change crosses to
 * the server and back, and the store's zone row is read `for share` first: a time-zone
 * change (which locks it `for update`, rebuilds the figures and drops the changes) then runs
 * wholly before or after this, never in between. One statement takes the changes `for update`,
 * in key order, and adds them up into the five tables (data-modifying CTEs reading the same
 * deleted rows), so two roll-ups of a store take each change once: the second waits for the first
 * and finds the changes it took gone. Figure rows are written in key order, so two roll-ups never
 * wait for each other in a circle. On SQLite the transaction is the only writer: the changes up to
 * the `CLAIM`th are read, added up here (`addUpChanges`), written as upserts, then deleted.
 */
async function rollUpIn(trx: Transaction<Database>, storeId: string): Promise<void> {
  if (engineOf(trx as unknown as Kysely<unknown>) === 'postgres') {
    await holdStoreZone(trx, storeId);
    await trx.executeQuery(CompiledQuery.raw(rollUpText('postgres'), [storeId, CLAIM]));
    return;
  }
  const last = await trx
    .selectFrom('sales_figure_changes')
    .select('id')
    .where('store_id', '=', storeId)
    .orderBy('id')
    .limit(1)
    .offset(CLAIM - 1)
    .executeTakeFirst();
  // Past the last possible UUIDv7 when there are fewer than `CLAIM`: all of them.
  const upTo = last?.id ?? '~';
  const { rows } = await trx.executeQuery<TakenChange>(CompiledQuery.raw(SQLITE_TAKE, [storeId, upTo]));
  for (const [table, keys, sums] of addUpChanges(storeId, rows)) {
    for (let i = 0; i < sums.length;) {
      const n = chunkSize(sums.length - i);
      await insertRows(trx, table, sums.slice(i, i + n) as never, keys);
      i += n;
    }
  }
  await trx
    .deleteFrom('sales_figure_changes')
    .where('store_id', '=', storeId)
    .where('id', '<=', upTo)
    .execute();
}

/**
 * SQLite: the changes are added up here rather than by SQL. SQLite runs in this process, so
 * reading them costs no round trip, and one pass over them (each JSON parsed once) took about a
 * third of the CPU of five statements that each read every change again (decision 0031).
 */
const SQLITE_TAKE = `select day, ${DAY_NUMBERS.join(', ')}, products, customers from sales_figure_changes where store_id = ? and id <= ?`;

type TakenChange = Record<(typeof DAY_NUMBERS)[number], number> & {
  day: string;
  products: string | null;
  customers: string | null;
};

type SumRow = Record<string, string | number>;

/** Rows of upserts a statement takes: powers of two, so a few statement texts serve every count. */
const chunkSize = (left: number) => 2 ** Math.min(6, Math.floor(Math.log2(left)));

/** Adds to a sum kept by key, made on first use from the key columns. */
function addTo(
  sums: Map<string, SumRow>,
  key: string,
  make: () => SumRow,
  names: readonly string[],
  values: number[],
) {
  let row = sums.get(key);
  if (!row) sums.set(key, (row = make()));
  for (let i = 0; i < names.length; i++) row[names[i]!] = (row[names[i]!] as number) + values[i]!;
}

/**
 * The sums of the five figure tables over `changes`, as rows of each with its key columns
 * (store first), in the tables' key order: what the PostgreSQL statement adds up in SQL.
 */
function addUpChanges(
  storeId: string,
  changes: readonly TakenChange[],
): Array<[FigureTable['table'], string[], SumRow[]]> {
  const days = new Map<string, SumRow>();
  const productDays = new Map<string, SumRow>();
  const products = new Map<string, SumRow>();
  const customerDays = new Map<string, SumRow>();
  const customers = new Map<string, SumRow>();
  const zeros = (names: readonly string[]) => Object.fromEntries(names.map((n) => [n, 0]));
  const PRODUCT = ['units', 'revenue', 'cost'] as const;
  const CUSTOMER = ['orders', 'spent'] as const;
  for (const c of changes) {
    const day = c.day;
    addTo(
      days,
      day,
      () => ({ store_id: storeId, day, ...zeros(DAY_NUMBERS) }),
      DAY_NUMBERS,
      DAY_NUMBERS.map((n) => c[n]),
    );
    if (c.products) {
      for (const [id, ...values] of JSON.parse(c.products) as Array<[string, number, number, number]>) {
        addTo(
          productDays,
          `${day}\u0000${id}`,
          () => ({ store_id: storeId, day, product_id: id, ...zeros(PRODUCT) }),
          PRODUCT,
          values,
        );
        addTo(
          products,
          id,
          () => ({ store_id: storeId, product_id: id, ...zeros(PRODUCT) }),
          PRODUCT,
          values,
        );
      }
    }
    if (c.customers) {
      for (const [id, ...values] of JSON.parse(c.customers) as Array<[string, number, number]>) {
        addTo(
          customerDays,
          `${day}\u0000${id}`,
          () => ({ store_id: storeId, day, customer_id: id, ...zeros(CUSTOMER) }),
          CUSTOMER,
          values,
        );
        addTo(
          customers,
          id,
          () => ({ store_id: storeId, customer_id: id, ...zeros(CUSTOMER) }),
          CUSTOMER,
          values,
        );
      }
    }
  }
  const sorted = (sums: Map<string, SumRow>) => [...sums.keys()].sort().map((k) => sums.get(k)!);
  return [
    ['sales_days', ['store_id', 'day'], sorted(days)],
    ['sales_product_days', ['store_id', 'day', 'product_id'], sorted(productDays)],
    ['sales_products', ['store_id', 'product_id'], sorted(products)],
    ['sales_customer_days', ['store_id', 'day', 'customer_id'], sorted(customerDays)],
    ['sales_customers', ['store_id', 'customer_id'], sorted(customers)],
  ];
}

/**
 * The five figure tables: their key columns besides the store, their number columns, and where a
 * change keeps their numbers: `d` (the day's numbers by name), `p` (per product, `[id, units,
 * revenue, cost]`) or `c` (per customer, `[id, orders, spent]`).
 */
const FIGURE_TABLES = [
  { table: 'sales_days', keys: ['day'], numbers: DAY_NUMBERS, from: 'd' },
  {
    table: 'sales_product_days',
    keys: ['day', 'product_id'],
    numbers: ['units', 'revenue', 'cost'],
    from: 'p',
  },
  { table: 'sales_products', keys: ['product_id'], numbers: ['units', 'revenue', 'cost'], from: 'p' },
  { table: 'sales_customer_days', keys: ['day', 'customer_id'], numbers: ['orders', 'spent'], from: 'c' },
  { table: 'sales_customers', keys: ['customer_id'], numbers: ['orders', 'spent'], from: 'c' },
] as const;

type FigureTable = (typeof FIGURE_TABLES)[number];

/**
 * `select store, keys…, sums…` of one figure table from the changes taken (PostgreSQL: `t`: the
 * day's numbers by name, `t.p` the products' and `t.c` the customers' JSON arrays).
 */
function sumsOf(f: FigureTable, store: string): string {
  const keys = f.keys.map((k) => (k === 'day' ? 't.day' : `e->>0`));
  const sums =
    f.from === 'd'
      ? f.numbers.map((n) => `sum(t.${n})`)
      : f.numbers.map((_, i) => `sum((e->>${i + 1})::bigint)`);
  const each = f.from === 'd' ? '' : ` cross join lateral jsonb_array_elements(t.${f.from}) e`;
  return `select ${store}, ${[...keys, ...sums].join(', ')} from taken t${each} group by ${keys.join(
    ', ',
  )} order by ${keys.join(', ')}`;
}

function upsertOf(f: FigureTable, select: string): string {
  return `insert into ${f.table} (store_id, ${[...f.keys, ...f.numbers].join(', ')}) ${select}
    on conflict (store_id, ${f.keys.join(', ')}) do update set ${f.numbers
      .map((n) => `${n} = ${f.table}.${n} + excluded.${n}`)
      .join(', ')}`;
}

const rollUpTexts = new Map<string, string>();

/** PostgreSQL: one statement that takes the changes and adds them to all five tables. */
function rollUpText(engine: 'postgres'): string {
  let text = rollUpTexts.get(engine);
  if (!text) {
    const parts = FIGURE_TABLES.map((f, i) => `f${i} as (${upsertOf(f, sumsOf(f, '$1'))})`);
    text = `with taken as (
      delete from sales_figure_changes where store_id = $1 and id in (
        select id from sales_figure_changes where store_id = $1 order by id limit $2 for update)
      returning day, ${DAY_NUMBERS.join(', ')}, products::jsonb as p, customers::jsonb as c),
    ${parts.join(',\n    ')}
    select count(*) as n from taken`;
    rollUpTexts.set(engine, text);
  }
  return text;
}

/** The store's figures to read, with every change committed so far added in. */
export async function figuresOf(ctx: StoreContext): Promise<ReturnType<typeof reportsRepository>> {
  await rollUpSalesFigures(ctx.db, ctx.storeId);
  return reportsRepository(ctx.db, ctx.storeId);
}
