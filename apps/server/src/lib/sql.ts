import { CompiledQuery, sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { engineOf } from '../db/connection.js';
import type { Database } from '../db/schema.js';

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Case-insensitive "contains" for user search text, the same on SQLite and PostgreSQL.
 * Wildcards typed by the user match literally.
 */
export function containsText(column: string, term: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like ${`%${escapeLike(term.toLowerCase())}%`} escape '\\'`;
}

/** Case-insensitive "starts with"; can use an index on lower(column). */
export function startsWithText(column: string, term: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like ${`${escapeLike(term.toLowerCase())}%`} escape '\\'`;
}

/**
 * A LIMIT count written into the SQL text rather than bound. SQLite plans `limit ?` as if the
 * count were unknown: a product page (ids found by a LIMIT subquery, then their rows) ran about
 * three times slower with the count bound than written. Page sizes are few, so the statement
 * cache still holds one statement per size. The offset stays a parameter.
 */
export function limitCount(n: number): RawBuilder<unknown> {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Invalid LIMIT ${n}`);
  return sql.lit(n);
}

/**
 * Rows read for a long list of values a part at a time (one statement binds only so many
 * parameters: 500 values leave room for the rest on both engines), joined in the parts' order.
 */
export async function readInParts<V, T>(
  values: readonly V[],
  read: (part: V[]) => Promise<T[]>,
  size = 500,
): Promise<T[]> {
  const rows: T[] = [];
  for (let i = 0; i < values.length; i += size) rows.push(...(await read(values.slice(i, i + size))));
  return rows;
}

/** A unique or primary key refused the row, on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string };
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/**
 * What names the unique key that refused a row, so a caller can tell which field clashed: the
 * constraint's name on PostgreSQL, the message (it lists the columns) on SQLite; '' for any other
 * error. Citus relays a worker's refusal without the constraint field: its message names the
 * shard's constraint (`customers_store_phone_key_102029`) and its detail the columns.
 */
export function uniqueViolationText(error: unknown): string {
  const e = error as { code?: string; constraint?: string; message?: string; detail?: string };
  if (e?.code === '23505') return e.constraint ?? [e.message, e.detail].filter(Boolean).join(' ');
  if (e?.code === 'SQLITE_CONSTRAINT_UNIQUE') return e.message ?? '';
  return '';
}

const postgresTexts = new Map<string, string>();

/** `?` placeholders as PostgreSQL's `$1, $2, …`. The text must not hold a `?` of its own. */
export function toPostgresPlaceholders(text: string): string {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
}

/**
 * Runs a fixed SQL text, written once with `?` placeholders, on either engine, and returns its
 * rows. For the few statements every sale runs, where building the query with the query builder
 * cost more than SQLite took to run it (decision 0009). Values are always bound parameters.
 */
/**
 * A check every fixed text passes before it runs: the tests' store-key check (decision 0049).
 * Fixed texts skip the query builder's plugins, so the check is handed over here.
 */
let textCheck: ((text: string) => void) | undefined;
export function checkFixedTexts(check: ((text: string) => void) | undefined): void {
  textCheck = check;
}

export async function runSql<R>(
  db: Kysely<Database> | Transaction<Database>,
  text: string,
  parameters: readonly unknown[],
): Promise<{ rows: R[] }> {
  textCheck?.(text);
  let query = text;
  if (engineOf(db as Kysely<unknown>) === 'postgres') {
    query = postgresTexts.get(text) ?? toPostgresPlaceholders(text);
    if (postgresTexts.size < 500) postgresTexts.set(text, query);
  }
  const result = await db.executeQuery<R>(CompiledQuery.raw(query, parameters as unknown[]));
  return { rows: result.rows };
}

/** `?, ?, ?` for a list of `n` values, built once per length. */
const PLACEHOLDER_LISTS: string[] = [];
export function placeholders(n: number): string {
  return (PLACEHOLDER_LISTS[n] ??= Array.from({ length: n }, () => '?').join(', '));
}

const builtTexts = new Map<string, string>();
const MAX_BUILT_TEXTS = 1000;

/**
 * Runs a statement whose SQL text depends only on `shape`: the first time it is built with the
 * query builder and compiled, after that its text is reused and only `parameters` are bound. For
 * the statements of hot reads (the default product list) whose building cost more CPU than
 * SQLite took to run them; a reused text is also found in the statement cache without hashing
 * a new string. `shape` must name everything the text depends on besides the parameters;
 * `parameters` are the values the built statement binds, in its order, which is checked when
 * it is built.
 */
export async function runBuilt<R>(
  db: Kysely<Database> | Transaction<Database>,
  shape: string,
  build: () => RawBuilder<R>,
  parameters: readonly unknown[],
): Promise<{ rows: R[] }> {
  const key = `${engineOf(db as Kysely<unknown>)}|${shape}`;
  let text = builtTexts.get(key);
  if (text === undefined) {
    const compiled = build().compile(db);
    const built = compiled.parameters;
    if (built.length !== parameters.length || built.some((v, i) => v !== parameters[i])) {
      throw new Error(`runBuilt(${shape}): the statement binds other parameters than those given`);
    }
    text = compiled.sql;
    if (builtTexts.size >= MAX_BUILT_TEXTS) builtTexts.delete(builtTexts.keys().next().value!);
    builtTexts.set(key, text);
  }
  const result = await db.executeQuery<R>(CompiledQuery.raw(text, parameters as unknown[]));
  return { rows: result.rows };
}

/** Rows an import must write before the planner's statistics of its tables are refreshed. */
export const ANALYZE_AFTER_ROWS = 1000;

/**
 * After a bulk write (an import), refreshes PostgreSQL's statistics of the tables it wrote. A
 * prepared statement's generic plan is made from what the planner knew when it was prepared;
 * made while a new store's tables were nearly empty, it may scan a table that has since grown to
 * 100,000 rows, and it stays until the table's statistics change (decision 0012). ANALYZE
 * replaces the statistics and so makes every connection plan those statements again. Autovacuum
 * would do the same later, if it is on. SQLite plans each statement when it is prepared and
 * needs nothing here.
 */
export async function refreshStatistics(db: Kysely<Database>, tables: readonly string[]): Promise<void> {
  if (engineOf(db as Kysely<unknown>) !== 'postgres') return;
  await sql`analyze ${sql.join(tables.map((t) => sql.table(t)))}`.execute(db);
}
