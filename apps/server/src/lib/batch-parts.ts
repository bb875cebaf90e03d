import { randomBytes } from 'node:crypto';
import type { Database } from '../db/schema.js';

/**
 * What the batch writers share (`insert-rows.ts` writes a batch part by part, `batch-statement.ts`
 * as one PostgreSQL statement): a batch's parts, the numbers' stand-ins, the statement texts'
 * cache and the pieces of SQL text both make.
 */

const statements = new Map<string, string>();

/**
 * A statement's text by its shape's key, made once and kept for reuse; shapes are few, but the
 * cache stays bounded whatever comes.
 */
export function cachedText(key: string, make: () => string): string {
  let text = statements.get(key);
  if (text === undefined) {
    text = make();
    if (statements.size < 2000) statements.set(key, text);
  }
  return text;
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
