import { sql, type RawBuilder } from 'kysely';

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

/** A unique or primary key refused the row, on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string };
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}
