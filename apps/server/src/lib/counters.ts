import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { placeholders, runSql } from './sql.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A store's human numbering, e.g. `ORD-000123`: the counter it takes from, a prefix and at least `width` digits. */
export interface NumberSequence {
  counter: string;
  prefix: string;
  width: number;
}

/** `ORD-000123`; a number longer than the width is written in full. */
export const formatNumber = (s: NumberSequence, n: number) =>
  `${s.prefix}${String(n).padStart(s.width, '0')}`;

/**
 * Adds `delta` to a per-store counter (the `counters` table) and returns its new value.
 * Used for maintained row counts, so an unfiltered list does not count 100,000 rows on every
 * page, and for sequences (generated SKUs). Call it in the transaction that makes the change.
 */
export async function bumpCounter(db: Db, storeId: string, name: string, delta: number): Promise<number> {
  const row = await db
    .insertInto('counters')
    .values({ store_id: storeId, name, value: delta })
    .onConflict((oc) =>
      oc
        .columns(['store_id', 'name'])
        .doUpdateSet((eb) => ({ value: eb('counters.value', '+', eb.ref('excluded.value')) })),
    )
    .returning('value')
    .executeTakeFirstOrThrow();
  return row.value;
}

const sumText = (n: number) =>
  `select sum(value) as total from counters where store_id = ? and name in (${placeholders(n)})`;
const valuesText = (n: number) =>
  `select name, value from counters where store_id = ? and name in (${placeholders(n)})`;
const SUM_TEXTS: string[] = [];
const VALUES_TEXTS: string[] = [];

/** The sum of some counters of a store (0 for a counter never bumped), in one statement. */
export async function readCounters(db: Db, storeId: string, names: string[]): Promise<number> {
  // Plain SQL: this runs on every unfiltered list page, where building the query cost more than running it.
  const { rows } = await runSql<{ total: number | null }>(
    db,
    (SUM_TEXTS[names.length] ??= sumText(names.length)),
    [storeId, ...names],
  );
  return rows[0]?.total ?? 0;
}

/** Counter rows as read or bumped (int8, a number from the connection): their values by name. */
type CounterRow = { name: string; value: number };
const valuesByName = (rows: CounterRow[]) => new Map(rows.map((r) => [r.name, r.value]));

/** Some counters of a store by name (absent: never bumped), in one statement. */
export async function readCounterValues(
  db: Db,
  storeId: string,
  names: string[],
): Promise<Map<string, number>> {
  const { rows } = await runSql<CounterRow>(db, (VALUES_TEXTS[names.length] ??= valuesText(names.length)), [
    storeId,
    ...names,
  ]);
  return valuesByName(rows);
}

/**
 * Adds 1 to several counters of a store in one statement and returns their new values by name:
 * for a change that takes numbers from more than one sequence (an order and its payment). The
 * rows are locked in the order given; keep that order the same everywhere.
 */
export async function nextInSequences(
  db: Db,
  storeId: string,
  names: string[],
): Promise<Map<string, number>> {
  // Plain SQL: every sale runs this, and building it with the query builder cost more than running it.
  const { rows } = await runSql<CounterRow>(
    db,
    `insert into counters (store_id, name, value) values ${names.map(() => '(?, ?, 1)').join(', ')}
     on conflict (store_id, name) do update set value = counters.value + excluded.value
     returning name, value`,
    names.flatMap((name) => [storeId, name]),
  );
  return valuesByName(rows);
}
