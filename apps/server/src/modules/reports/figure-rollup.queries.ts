import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { Engine } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import { acrossStores } from '../../db/store-key-check.js';
import { DAY_NUMBERS } from './figure-numbers.js';

/**
 * The roll-up's statements (decision 0031, addendum "Changes rolled up after the commit"); when
 * and in which transaction they run is `figure-rollup.ts`'s business.
 */

/** True when the store has a change not yet added to its figures: one read of one index entry. */
export async function changesWaiting(db: Kysely<Database>, storeId: string): Promise<boolean> {
  const waiting = await db
    .selectFrom('sales_figure_changes')
    .select('id')
    .where('store_id', '=', storeId)
    .limit(1)
    .executeTakeFirst();
  return waiting !== undefined;
}

/** Up to 200 stores with changes waiting. */
export async function storesWithChanges(db: Kysely<Database>): Promise<string[]> {
  // The round looks at every store's changes on purpose (every worker on Citus, decision 0049);
  // each store's roll-up then works in that store alone.
  const stores = await acrossStores(
    db.selectFrom('sales_figure_changes').select('store_id').distinct().limit(200),
  ).execute();
  return stores.map((s) => s.store_id);
}

/**
 * PostgreSQL: one statement takes up to `claim` of the store's changes `for update`, in key
 * order, deletes them and adds them up into the five tables (data-modifying CTEs reading the same
 * deleted rows), so two roll-ups of a store take each change once: the second waits for the first
 * and finds the changes it took gone. Figure rows are written in key order, so two roll-ups never
 * wait for each other in a circle.
 */
export async function rollUpChangesPostgres(
  trx: Transaction<Database>,
  storeId: string,
  claim: number,
): Promise<void> {
  await trx.executeQuery(CompiledQuery.raw(rollUpText('postgres'), [storeId, claim]));
}

/**
 * SQLite, whose transaction is the only writer: the changes up to the `claim`th are added up
 * table by table, then deleted.
 */
export async function rollUpChangesSqlite(
  trx: Transaction<Database>,
  storeId: string,
  claim: number,
): Promise<void> {
  const last = await trx
    .selectFrom('sales_figure_changes')
    .select('id')
    .where('store_id', '=', storeId)
    .orderBy('id')
    .limit(1)
    .offset(claim - 1)
    .executeTakeFirst();
  // Past the last possible UUIDv7 when there are fewer than `claim`: all of them.
  const upTo = last?.id ?? '~';
  for (const text of sqliteRollUpTexts())
    await trx.executeQuery(CompiledQuery.raw(text, [storeId, upTo, storeId]));
  await trx
    .deleteFrom('sales_figure_changes')
    .where('store_id', '=', storeId)
    .where('id', '<=', upTo)
    .execute();
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
 * `select store, keys…, sums…` of one figure table from the changes taken (`t`: the day's numbers
 * by name, `t.p` the products' and `t.c` the customers' JSON arrays).
 */
function sumsOf(engine: Engine, f: FigureTable, store: string): string {
  const pg = engine === 'postgres';
  const keys = f.keys.map((k) => (k === 'day' ? 't.day' : pg ? `e->>0` : `e.value ->> 0`));
  const sums =
    f.from === 'd'
      ? f.numbers.map((n) => `sum(t.${n})`)
      : f.numbers.map((_, i) => (pg ? `sum((e->>${i + 1})::bigint)` : `sum(e.value ->> ${i + 1})`));
  const each =
    f.from === 'd'
      ? ''
      : pg
        ? ` cross join lateral jsonb_array_elements(t.${f.from}) e`
        : `, json_each(t.${f.from}) e`;
  const where = pg ? '' : f.from === 'd' ? ' where true' : ` where t.${f.from} is not null`;
  return `select ${store}, ${[...keys, ...sums].join(', ')} from ${pg ? 'taken' : 'sales_figure_changes_taken'} t${each}${where} group by ${keys.join(
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
    const parts = FIGURE_TABLES.map((f, i) => `f${i} as (${upsertOf(f, sumsOf(engine, f, '$1'))})`);
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

/**
 * SQLite: one statement per table, each over the store's changes up to the bound (`?`: the
 * store, the last change's id, the store again).
 */
function sqliteRollUpTexts(): string[] {
  return FIGURE_TABLES.map((f) => {
    const key = `sqlite ${f.table}`;
    let text = rollUpTexts.get(key);
    if (!text) {
      text = `with sales_figure_changes_taken as (
        select day, ${DAY_NUMBERS.join(', ')}, products as p, customers as c from sales_figure_changes
        where store_id = ? and id <= ?)
      ${upsertOf(f, sumsOf('sqlite', f, '?'))}`;
      rollUpTexts.set(key, text);
    }
    return text;
  });
}
