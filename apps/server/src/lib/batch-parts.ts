import { randomBytes } from 'node:crypto';
import type { Database } from '../db/schema.js';

/**
 * What the batch writers share (`insert-rows.ts` writes a batch part by part, `batch-statement.ts`
 * as one PostgreSQL statement): a batch's parts, the numbers' stand-ins, the statement texts'
 * cache and the pieces of SQL text both make.
 */

/** Texts by a short key of their shape, each with the column lists it was made for. */
const statements = new Map<string, Array<{ columns: ReadonlyArray<readonly string[]>; text: string }>>();
let cachedCount = 0;

const sameColumns = (a: ReadonlyArray<readonly string[]>, b: ReadonlyArray<readonly string[]>) =>
  a.length === b.length &&
  a.every((list, i) => {
    const other = b[i]!;
    if (list.length !== other.length) return false;
    for (let j = 0; j < list.length; j++) if (list[j] !== other[j]) return false;
    return true;
  });

/**
 * A statement's text by its shape, made once and kept for reuse: `key` names the shape but its
 * column lists, which are compared name by name. Joining 40 column names into the key of every
 * call and hashing that long string cost more than the comparison (a sale's batch has six
 * parts). Shapes are few, but the cache stays bounded whatever comes.
 */
export function cachedText(
  key: string,
  columns: ReadonlyArray<readonly string[]>,
  make: () => string,
): string {
  let known = statements.get(key);
  const hit = known?.find((k) => sameColumns(k.columns, columns));
  if (hit) return hit.text;
  const text = make();
  if (cachedCount < 2000) {
    if (!known) statements.set(key, (known = []));
    known.push({ columns, text });
    cachedCount += 1;
  }
  return text;
}

/**
 * A bound value of a row: `null` for a missing one, and the batch's numbers put in place of their
 * stand-ins (`replacements`, on SQLite or a batch written part by part).
 */
export function boundValue(
  row: Record<string, unknown>,
  column: string,
  replacements: ReadonlyArray<readonly [token: string, number: string]> | null,
): unknown {
  const value = row[column] ?? null;
  if (replacements === null || typeof value !== 'string' || !value.includes('\uE000')) return value;
  let replaced = value;
  for (const [token, number] of replacements) replaced = replaced.replaceAll(token, number);
  return replaced;
}

/**
 * Most bound values one batch statement takes. PostgreSQL allows 65,535 parameters a statement;
 * SQLite (3.32+) 32,766. A batch above this is written part by part instead.
 */
export const MAX_BATCH_PARAMETERS = 30_000;

export interface BatchPart {
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
export const numberToken = (counter: string) => `\uE000${TOKEN_SECRET}:${counter}\uE001`;

/**
 * ` on conflict (keys) do update set c = t.c + excluded.c` for every other column: rows that add
 * to counters kept per key (the sales figures, decision 0031), whether or not the key's row exists.
 */
export function addOnConflict(
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

/** The text of an update part, its values in column order from `value()`. */
export function updateText(part: BatchPart, value: () => string): string {
  const split = part.columns.length - part.where!;
  const set = part.columns.slice(0, split).map((c) => `"${c}" = ${value()}`);
  const where = part.columns.slice(split).map((c) => `"${c}" = ${value()}`);
  return `update "${part.table}" set ${set.join(', ')} where ${where.join(' and ')}`;
}

/** A SQL string literal of a code constant (a prefix, a counter name, a stand-in). */
export const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;
