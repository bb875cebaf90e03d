import { CompiledQuery, type Insertable, type Kysely, type Transaction } from 'kysely';
import { engineOf } from '../db/connection.js';
import type { Database } from '../db/schema.js';

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

interface BatchPart {
  table: keyof Database & string;
  columns: string[];
  rows: ReadonlyArray<Record<string, unknown>>;
}

/**
 * Rows for several tables, gathered while a change is worked out and written together just before
 * its transaction commits. On PostgreSQL they go in one statement (every insert but the last a
 * data-modifying CTE): a sale's ledger rows, order, lines, payment and audit row cost one round
 * trip instead of five, and the rows other sales wait for (the store's counters, the products'
 * stock) stay locked for two round trips rather than six. On SQLite, where a statement costs no
 * round trip, each table gets its own insert. Foreign keys are checked at the end of the statement,
 * so the order of the parts does not matter.
 */
export class InsertBatch {
  readonly #parts: BatchPart[] = [];

  add<T extends keyof Database & string>(table: T, rows: ReadonlyArray<Insertable<Database[T]>>): this {
    if (rows.length) {
      const records = rows as ReadonlyArray<Record<string, unknown>>;
      this.#parts.push({ table, columns: Object.keys(records[0]!), rows: records });
    }
    return this;
  }

  get size(): number {
    return this.#parts.length;
  }

  /** Writes everything added so far, in the caller's transaction, and empties the batch. */
  async flush(db: Db): Promise<void> {
    const parts = this.#parts.splice(0);
    if (!parts.length) return;
    const parameterCount = parts.reduce((n, p) => n + p.columns.length * p.rows.length, 0);
    if (
      engineOf(db as Kysely<unknown>) !== 'postgres' ||
      parts.length === 1 ||
      parameterCount > MAX_BATCH_PARAMETERS
    ) {
      for (const part of parts) {
        const perStatement = Math.max(1, Math.floor(MAX_BATCH_PARAMETERS / part.columns.length));
        for (let i = 0; i < part.rows.length; i += perStatement) {
          await insertRows(db, part.table, part.rows.slice(i, i + perStatement) as never);
        }
      }
      return;
    }
    const key = `batch\n${parts.map((p) => `${p.table}\n${p.columns.join(',')}\n${p.rows.length}`).join('\n')}`;
    let text = statements.get(key);
    if (!text) {
      let n = 0;
      const insert = (p: BatchPart) => {
        const tuple = () => `(${p.columns.map(() => `$${++n}`).join(', ')})`;
        return `insert into "${p.table}" (${p.columns.map((c) => `"${c}"`).join(', ')}) values ${p.rows.map(tuple).join(', ')}`;
      };
      const ctes = parts.slice(0, -1).map((p, i) => `w${i} as (${insert(p)})`);
      text = `with ${ctes.join(', ')} ${insert(parts[parts.length - 1]!)}`;
      remember(key, text);
    }
    const parameters: unknown[] = [];
    for (const part of parts) {
      for (const row of part.rows) for (const column of part.columns) parameters.push(row[column] ?? null);
    }
    await db.executeQuery(CompiledQuery.raw(text, parameters));
  }
}
