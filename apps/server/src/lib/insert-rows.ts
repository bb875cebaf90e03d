import { CompiledQuery, type Insertable, type Kysely, type Transaction } from 'kysely';
import { engineOf } from '../db/connection.js';
import { onCitus } from '../db/distribution.js';
import type { Database } from '../db/schema.js';
import {
  addOnConflict,
  boundValue,
  cachedText,
  MAX_BATCH_PARAMETERS,
  numberToken,
  updateText,
  type BatchPart,
} from './batch-parts.js';
import { flushAsOneStatement, type BatchNumbers } from './batch-statement.js';
import { formatNumber, nextInSequences, type NumberSequence } from './counters.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The batch's number stand-ins with their numbers (see `boundValue`). */
type Replacements = ReadonlyArray<readonly [token: string, number: string]>;

/**
 * Inserts rows of one shape with SQL text made once per table, column list and row count, then
 * reused. For the hot path of order creation: the query builder re-parses and re-compiles an
 * insert of 40 columns on every call, which costs more than the insert itself on SQLite. Column
 * names come from the rows' keys (code, never user input); every value is a bound parameter.
 * All rows must have the same keys, in the same order.
 */
export async function insertRows<T extends keyof Database & string>(
  db: Db,
  table: T,
  rows: ReadonlyArray<Insertable<Database[T]>>,
  conflict?: readonly string[],
  replacements: Replacements | null = null,
): Promise<void> {
  if (!rows.length) return;
  const columns = Object.keys(rows[0]!);
  const postgres = engineOf(db as Kysely<unknown>) === 'postgres';
  const key = `${postgres ? 'pg' : 'sqlite'}\n${table}\n${rows.length}\n${conflict?.join(',') ?? ''}`;
  const text = cachedText(key, [columns], () => {
    let n = 0;
    const tuple = () => `(${columns.map(() => (postgres ? `$${++n}` : '?')).join(', ')})`;
    return `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values ${rows.map(tuple).join(', ')}${addOnConflict(table, columns, conflict)}`;
  });
  const parameters: unknown[] = [];
  for (const row of rows) {
    const values = row as Record<string, unknown>;
    for (const column of columns) parameters.push(boundValue(values, column, replacements));
  }
  await db.executeQuery(CompiledQuery.raw(text, parameters));
}

/**
 * Rows for several tables, gathered while a change is worked out and written together just before
 * its transaction commits. On PostgreSQL they go in one statement (every insert a data-modifying
 * CTE): a sale's ledger rows, order, lines, payment and audit row cost one round trip instead of
 * five. On SQLite, where a statement costs no round trip, each table gets its own insert. Foreign
 * keys are checked at the end of the statement, so the order of the parts does not matter.
 *
 * A batch can also take the store's next numbers (`numbers()`): row values hold stand-ins for
 * them until the flush. On PostgreSQL the counters are bumped in the same statement, so the
 * counters row, which every sale of the store waits for, stays locked only for that statement
 * and the COMMIT.
 */
export class InsertBatch {
  readonly #parts: BatchPart[] = [];
  #numbers: BatchNumbers | null = null;

  add<T extends keyof Database & string>(table: T, rows: ReadonlyArray<Insertable<Database[T]>>): this {
    if (rows.length) {
      const records = rows as ReadonlyArray<Record<string, unknown>>;
      this.#parts.push({ table, columns: Object.keys(records[0]!), rows: records });
    }
    return this;
  }

  /**
   * Rows whose number columns are added to those of the row with the same `keys`, inserted when
   * there is none (`insert … on conflict (keys) do update set c = c + excluded.c`). No two rows of
   * one call may share a key (PostgreSQL refuses to update a row twice in one statement).
   */
  addTo<T extends keyof Database & string>(
    table: T,
    rows: ReadonlyArray<Insertable<Database[T]>>,
    keys: ReadonlyArray<keyof Database[T] & string>,
  ): this {
    if (rows.length) {
      const records = rows as ReadonlyArray<Record<string, unknown>>;
      this.#parts.push({ table, columns: Object.keys(records[0]!), rows: records, conflict: keys });
    }
    return this;
  }

  /**
   * Sets `values` on the rows of `table` whose columns equal `where`, with the inserts. The
   * values may hold the batch's number stand-ins. For the record that ends a transaction (the
   * stored answer of an idempotent request), written in the same statement as the rows.
   */
  update<T extends keyof Database & string>(
    table: T,
    values: Partial<Record<keyof Database[T] & string, unknown>>,
    where: Partial<Record<keyof Database[T] & string, unknown>>,
  ): this {
    const set = Object.keys(values);
    const match = Object.keys(where);
    if (!set.length || !match.length) throw new Error('An update sets a column and matches a column');
    // One record holds both: a column set and matched would lose one of its two values.
    if (set.some((c) => match.includes(c))) throw new Error('An update cannot set a column it matches on');
    this.#parts.push({
      table,
      columns: [...set, ...match],
      rows: [{ ...values, ...where }],
      where: match.length,
    });
    return this;
  }

  /**
   * Rows made by a query when the batch is flushed, such as one per webhook endpoint subscribed
   * to an event (decision 0034): `text` gets one placeholder per value of each record, in order
   * (numbers' stand-ins included), and returns the whole `insert … select …`. Records added
   * under a `key` already in the batch join that part: one statement for all of them.
   */
  addSelect<T extends keyof Database & string>(
    table: T,
    key: string,
    rows: ReadonlyArray<Record<string, unknown>>,
    text: (values: string[][], postgres: boolean) => string,
  ): this {
    if (!rows.length) return this;
    const known = this.#parts.find((p) => p.select?.key === key);
    if (known) {
      known.rows = [...known.rows, ...rows];
      return this;
    }
    this.#parts.push({ table, columns: Object.keys(rows[0]!), rows, select: { key, text } });
    return this;
  }

  /**
   * The next number of each sequence of the store, as stand-ins to put in row values (alone or
   * inside text); `flush()` takes the numbers and puts them in. The counters are locked in the
   * order given: keep it the same everywhere. Once per batch.
   */
  numbers(storeId: string, sequences: readonly NumberSequence[]): string[] {
    if (this.#numbers) throw new Error('A batch takes its numbers once');
    this.#numbers = { storeId, sequences };
    return sequences.map((s) => numberToken(s.counter));
  }

  get size(): number {
    return this.#parts.length;
  }

  /**
   * Writes everything added so far, in the caller's transaction, and empties the batch. Returns
   * the numbers it took, formatted, by counter name.
   *
   * `last`: nothing follows in the transaction, which may commit with the batch's statement
   * (PostgreSQL, decision 0014). Whatever the caller does after the flush must not fail: the
   * rows may be committed already.
   */
  async flush(db: Db, options: { last?: boolean } = {}): Promise<Map<string, string>> {
    const parts = this.#parts.splice(0);
    const numbers = this.#numbers?.sequences.length ? this.#numbers : null;
    this.#numbers = null;
    if (!parts.length && !numbers) return new Map();
    const parameterCount = parts.reduce((n, p) => n + p.columns.length * p.rows.length, 0);
    const postgres = engineOf(db as Kysely<unknown>) === 'postgres';
    if (!postgres || onCitus() || parameterCount > MAX_BATCH_PARAMETERS || (!numbers && parts.length < 2))
      return flushPartByPart(db, parts, numbers, postgres);
    return flushAsOneStatement(db, parts, numbers, options.last === true);
  }
}

/**
 * SQLite (or a batch on Citus, too big for one statement, or of one part): the numbers taken
 * first, then one statement per part, in order.
 */
async function flushPartByPart(
  db: Db,
  parts: readonly BatchPart[],
  numbers: BatchNumbers | null,
  postgres: boolean,
): Promise<Map<string, string>> {
  const taken = new Map<string, string>();
  if (numbers) {
    const values = await nextInSequences(
      db,
      numbers.storeId,
      numbers.sequences.map((s) => s.counter),
    );
    for (const s of numbers.sequences) taken.set(s.counter, formatNumber(s, values.get(s.counter)!));
  }
  // Each stand-in with its number, made once for the batch; values are replaced as they are bound.
  const replacements = taken.size
    ? [...taken].map(([counter, number]) => [numberToken(counter), number] as const)
    : null;
  for (const part of parts) {
    if (part.where !== undefined) {
      await updateRow(db, part, replacements, postgres);
      continue;
    }
    if (part.select) {
      await insertSelect(db, part, replacements, postgres);
      continue;
    }
    const perStatement = Math.max(1, Math.floor(MAX_BATCH_PARAMETERS / part.columns.length));
    for (let i = 0; i < part.rows.length; i += perStatement) {
      const rows = part.rows.slice(i, i + perStatement);
      await insertRows(db, part.table, rows as never, part.conflict, replacements);
    }
  }
  return taken;
}

/** An update part on its own (SQLite, or a batch too big for one statement). */
async function updateRow(
  db: Db,
  part: BatchPart,
  replacements: Replacements | null,
  postgres: boolean,
): Promise<void> {
  let n = 0;
  const text = updateText(part, () => (postgres ? `$${++n}` : '?'));
  const row = part.rows[0]!;
  await db.executeQuery(
    CompiledQuery.raw(
      text,
      part.columns.map((c) => boundValue(row, c, replacements)),
    ),
  );
}

/** A select part on its own (SQLite, or a batch too big for one statement). */
async function insertSelect(
  db: Db,
  part: BatchPart,
  replacements: Replacements | null,
  postgres: boolean,
): Promise<void> {
  const { rows, columns } = part;
  const key = `${postgres ? 'pg' : 'sqlite'}\nselect\n${part.select!.key}\n${rows.length}`;
  const text = cachedText(key, [], () => {
    let n = 0;
    return part.select!.text(
      rows.map(() => columns.map(() => (postgres ? `$${++n}` : '?'))),
      postgres,
    );
  });
  const parameters: unknown[] = [];
  for (const row of rows)
    for (const column of columns) parameters.push(boundValue(row, column, replacements));
  await db.executeQuery(CompiledQuery.raw(text, parameters));
}
