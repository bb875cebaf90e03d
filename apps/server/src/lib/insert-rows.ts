import { CompiledQuery, type Insertable, type Kysely, type Transaction } from 'kysely';
import { engineOf } from '../db/connection.js';
import type { Database } from '../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

const statements = new Map<string, string>();

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
): Promise<void> {
  if (!rows.length) return;
  const columns = Object.keys(rows[0]!);
  const postgres = engineOf(db as Kysely<unknown>) === 'postgres';
  const key = `${postgres ? 'pg' : 'sqlite'}\n${table}\n${columns.join(',')}\n${rows.length}`;
  let text = statements.get(key);
  if (!text) {
    let n = 0;
    const tuple = () => `(${columns.map(() => (postgres ? `$${++n}` : '?')).join(', ')})`;
    text = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values ${rows.map(tuple).join(', ')}`;
    statements.set(key, text);
  }
  const parameters: unknown[] = [];
  for (const row of rows) {
    const values = row as Record<string, unknown>;
    for (const column of columns) parameters.push(values[column] ?? null);
  }
  await db.executeQuery(CompiledQuery.raw(text, parameters));
}
