import { randomBytes } from 'node:crypto';
import { CompiledQuery, type Insertable, type Kysely, type Transaction } from 'kysely';
import { engineOf } from '../db/connection.js';
import { onCitus } from '../db/distribution.js';
import { COMMIT_WITH_STATEMENT } from '../db/pg-prepared.js';
import type { Database } from '../db/schema.js';
import { formatNumber, nextInSequences, type NumberSequence } from './counters.js';

type Db = Kysely<Database> | Transaction<Database>;

const statements = new Map<string, string>();

/** Keeps a statement's text for reuse; shapes are few, but the cache stays bounded whatever comes. */
function remember(key: string, text: string): void {
  if (statements.size < 2000) statements.set(key, text);
}

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
): Promise<void> {
  if (!rows.length) return;
  const columns = Object.keys(rows[0]!);
  const postgres = engineOf(db as Kysely<unknown>) === 'postgres';
  const key = `${postgres ? 'pg' : 'sqlite'}\n${table}\n${columns.join(',')}\n${rows.length}\n${conflict?.join(',') ?? ''}`;
  let text = statements.get(key);
  if (!text) {
    let n = 0;
    const tuple = () => `(${columns.map(() => (postgres ? `$${++n}` : '?')).join(', ')})`;
    text = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values ${rows.map(tuple).join(', ')}${addOnConflict(table, columns, conflict)}`;
    remember(key, text);
  }
  const parameters: unknown[] = [];
  for (const row of rows) {
    const values = row as Record<string, unknown>;
    for (const column of columns) parameters.push(values[column] ?? null);
  }
  await db.executeQuery(CompiledQuery.raw(text, parameters));
}

/**
 * Most bound values one batch statement takes. PostgreSQL allows 65,535 parameters a statement;
 * SQLite (3.32+) 32,766. A batch above this is written part by part instead.
 */
const MAX_BATCH_PARAMETERS = 30_000;

/**
 * ` on conflict (keys) do update set c = t.c + excluded.c` for every other column: rows that add
 * to counters kept per key (the sales figures, decision 0031), whether or not the key's row exists.
 */
function addOnConflict(
  table: string,
  columns: readonly string[],
  conflict: readonly string[] | undefined,
): string {
  if (!conflict) return '';
  const added = columns.filter((c) => !conflict.includes(c));
  return ` on conflict (${conflict.map((c) => `"${c}"`).join(', ')}) do update set ${added
    .map((c) => `"${c}" = "${table}"."${c}" + excluded."${c}"`)
    .join(', ')}`;
}

interface BatchPart {
  table: keyof Database & string;
  columns: string[];
  rows: ReadonlyArray<Record<string, unknown>>;
  /** Set for rows added to existing ones: the key columns (see `addOnConflict`). */
  conflict?: readonly string[];
  /**
   * Set for an update: the last `where` of `columns` pick the rows (by equality), the others are
   * set. `rows` then holds one record of both.
   */
  where?: number;
  /**
   * Set for rows a query makes when the batch is flushed (`insert … select …`): `text` gets one
   * placeholder per value of each record of `rows`, in order, and returns the whole statement.
   * `key` names its shape (with the record count) for the statement cache.
   */
  select?: { key: string; text: (values: string[][], postgres: boolean) => string };
}

/**
 * A stand-in for a number a batch takes when it is flushed: private-use characters around a
 * secret drawn when the process starts and the counter's name. Values are scanned for stand-ins,
 * user text included; the secret keeps text a user typed from ever matching one.
 */
const TOKEN_SECRET = randomBytes(12).toString('hex');
const numberToken = (counter: string) => `\uE000${TOKEN_SECRET}:${counter}\uE001`;

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
  #numbers: { storeId: string; sequences: readonly NumberSequence[] } | null = null;

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
    if (!postgres || onCitus() || parameterCount > MAX_BATCH_PARAMETERS || (!numbers && parts.length < 2)) {
      const taken = new Map<string, string>();
      if (numbers) {
        const values = await nextInSequences(
          db,
          numbers.storeId,
          numbers.sequences.map((s) => s.counter),
        );
        for (const s of numbers.sequences) taken.set(s.counter, formatNumber(s, values.get(s.counter)!));
      }
      for (const part of parts) {
        const rows = taken.size ? part.rows.map((row) => withNumbers(row, taken)) : part.rows;
        if (part.where !== undefined) {
          await updateRow(db, part, rows[0]!, postgres);
          continue;
        }
        if (part.select) {
          await insertSelect(db, part, rows, postgres);
          continue;
        }
        const perStatement = Math.max(1, Math.floor(MAX_BATCH_PARAMETERS / part.columns.length));
        for (let i = 0; i < rows.length; i += perStatement) {
          await insertRows(db, part.table, rows.slice(i, i + perStatement) as never, part.conflict);
        }
      }
      return taken;
    }
    return flushAsOneStatement(db, parts, numbers, options.last === true);
  }
}

/** An update part on its own (SQLite, or a batch too big for one statement). */
async function updateRow(
  db: Db,
  part: BatchPart,
  row: Record<string, unknown>,
  postgres: boolean,
): Promise<void> {
  let n = 0;
  const text = updateText(part, () => (postgres ? `$${++n}` : '?'));
  await db.executeQuery(
    CompiledQuery.raw(
      text,
      part.columns.map((c) => row[c] ?? null),
    ),
  );
}

/** A select part on its own (SQLite, or a batch too big for one statement). */
async function insertSelect(
  db: Db,
  part: BatchPart,
  rows: ReadonlyArray<Record<string, unknown>>,
  postgres: boolean,
): Promise<void> {
  const key = `${postgres ? 'pg' : 'sqlite'}\nselect\n${part.select!.key}\n${rows.length}`;
  let text = statements.get(key);
  if (!text) {
    let n = 0;
    text = part.select!.text(
      rows.map(() => part.columns.map(() => (postgres ? `$${++n}` : '?'))),
      postgres,
    );
    remember(key, text);
  }
  await db.executeQuery(
    CompiledQuery.raw(
      text,
      rows.flatMap((row) => part.columns.map((c) => row[c] ?? null)),
    ),
  );
}

/** The text of an update part, its values in column order from `value()`. */
function updateText(part: BatchPart, value: () => string): string {
  const split = part.columns.length - part.where!;
  const set = part.columns.slice(0, split).map((c) => `"${c}" = ${value()}`);
  const where = part.columns.slice(split).map((c) => `"${c}" = ${value()}`);
  return `update "${part.table}" set ${set.join(', ')} where ${where.join(' and ')}`;
}

/** A row with the numbers' stand-ins replaced (SQLite, or a batch too big for one statement). */
function withNumbers(row: Record<string, unknown>, numbers: Map<string, string>): Record<string, unknown> {
  let out: Record<string, unknown> | null = null;
  for (const column in row) {
    const value = row[column];
    if (typeof value !== 'string' || !value.includes('\uE000')) continue;
    let replaced = value;
    for (const [counter, number] of numbers) replaced = replaced.replaceAll(numberToken(counter), number);
    // Rows without a stand-in (most of them) are used as they are, not copied.
    out ??= { ...row };
    out[column] = replaced;
  }
  return out ?? row;
}

/**
 * PostgreSQL: the counters bump (when the batch takes numbers) and every insert as CTEs of one
 * statement that returns the numbers. A value holding a stand-in is bound as it is and wrapped in
 * `replace()` with the number, formatted in SQL exactly as `formatNumber` does.
 */
async function flushAsOneStatement(
  db: Db,
  parts: BatchPart[],
  numbers: { storeId: string; sequences: readonly NumberSequence[] } | null,
  last: boolean,
): Promise<Map<string, string>> {
  const sequences = numbers?.sequences ?? [];
  const parameters: unknown[] = [];
  // Which values hold which stand-ins, as part of the statement's shape (and of its cache key).
  const marks: string[] = [];
  for (const part of parts) {
    for (const row of part.rows) {
      for (const column of part.columns) {
        const value = row[column] ?? null;
        parameters.push(value);
        if (typeof value === 'string' && value.includes('\uE000')) {
          const held = sequences.flatMap((s, i) => (value.includes(numberToken(s.counter)) ? [i] : []));
          if (held.length) marks.push(`${parameters.length}:${held.join('.')}`);
        }
      }
    }
  }
  const key = [
    'batch',
    sequences.map((s) => `${s.counter}/${s.prefix}/${s.width}`).join(','),
    marks.join(','),
    ...parts.map(
      (p) =>
        `${p.table}\n${p.columns.join(',')}\n${p.rows.length}\n${p.where ?? ''}\n${p.select?.key ?? ''}\n${p.conflict?.join(',') ?? ''}`,
    ),
  ].join('\n');
  let text = statements.get(key);
  if (!text) {
    const held = new Map(
      marks.map((m) => {
        const [position, list] = m.split(':') as [string, string];
        return [Number(position), list.split('.').map(Number)];
      }),
    );
    // The bump's parameters come first: $1…$2k are (store, counter) pairs; the rows' follow.
    const offset = sequences.length * 2;
    const formatted = (i: number) => {
      const s = sequences[i]!;
      // Never cut a number longer than the width (lpad would).
      return `(select ${quote(s.prefix)} || case when length(value::text) < ${s.width} then lpad(value::text, ${s.width}, '0') else value::text end from n where name = ${quote(s.counter)})`;
    };
    let position = 0;
    const value = () => {
      position += 1;
      const list = held.get(position);
      let expression = `$${position + offset}`;
      for (const i of list ?? [])
        expression = `replace(${expression}, ${quote(numberToken(sequences[i]!.counter))}, ${formatted(i)})`;
      return expression;
    };
    const insert = (p: BatchPart) =>
      `insert into "${p.table}" (${p.columns.map((c) => `"${c}"`).join(', ')}) values ${p.rows
        .map(() => `(${p.columns.map(value).join(', ')})`)
        .join(', ')}${addOnConflict(p.table, p.columns, p.conflict)}`;
    const ctes: string[] = [];
    if (sequences.length) {
      const pairs = sequences.map((_, i) => `($${i * 2 + 1}, $${i * 2 + 2}, 1)`).join(', ');
      ctes.push(
        `n as (insert into counters (store_id, name, value) values ${pairs} on conflict (store_id, name) do update set value = counters.value + excluded.value returning name, value)`,
      );
    }
    const statement = (p: BatchPart) =>
      p.select
        ? p.select.text(
            p.rows.map(() => p.columns.map(value)),
            true,
          )
        : p.where === undefined
          ? insert(p)
          : updateText(p, value);
    parts.forEach((p, i) => ctes.push(`w${i} as (${statement(p)})`));
    text = `with ${ctes.join(', ')} ${sequences.length ? 'select name, value from n' : 'select 1 as done'}`;
    remember(key, text);
  }
  const bump = sequences.flatMap((s) => [numbers!.storeId, s.counter]);
  const { rows } = await db.executeQuery<{ name: string; value: number | string }>(
    CompiledQuery.raw(last ? COMMIT_WITH_STATEMENT + text : text, [...bump, ...parameters]),
  );
  const taken = new Map<string, string>();
  for (const s of sequences) {
    const row = rows.find((r) => r.name === s.counter);
    if (!row) throw new Error(`No number was taken for ${s.counter}`);
    taken.set(s.counter, formatNumber(s, Number(row.value)));
  }
  return taken;
}

/** A SQL string literal of a code constant (a prefix, a counter name, a stand-in). */
const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;
