import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import { COMMIT_WITH_STATEMENT } from '../db/pg-prepared.js';
import type { Database } from '../db/schema.js';
import { addOnConflict, cachedText, numberToken, quote, updateText, type BatchPart } from './batch-parts.js';
import { formatNumber, type NumberSequence } from './counters.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface BatchNumbers {
  storeId: string;
  sequences: readonly NumberSequence[];
}

/**
 * PostgreSQL: the counters bump (when the batch takes numbers) and every insert as CTEs of one
 * statement that returns the numbers. A value holding a stand-in is bound as it is and wrapped in
 * `replace()` with the number, formatted in SQL exactly as `formatNumber` does.
 */
export async function flushAsOneStatement(
  db: Db,
  parts: BatchPart[],
  numbers: BatchNumbers | null,
  last: boolean,
): Promise<Map<string, string>> {
  const sequences = numbers?.sequences ?? [];
  const { parameters, marks } = boundValues(parts, sequences);
  const text = cachedText(
    shapeKey(parts, sequences, marks),
    parts.map((p) => p.columns),
    () => statementText(parts, sequences, marks),
  );
  const bump = sequences.flatMap((s) => [numbers!.storeId, s.counter]);
  const { rows } = await db.executeQuery<{ name: string; value: number }>(
    CompiledQuery.raw(last ? COMMIT_WITH_STATEMENT + text : text, [...bump, ...parameters]),
  );
  const taken = new Map<string, string>();
  for (const s of sequences) {
    const row = rows.find((r) => r.name === s.counter);
    if (!row) throw new Error(`No number was taken for ${s.counter}`);
    taken.set(s.counter, formatNumber(s, row.value));
  }
  return taken;
}

/**
 * The rows' values in statement order, and which of them hold which stand-ins (`position:i.j`,
 * part of the statement's shape).
 */
function boundValues(
  parts: readonly BatchPart[],
  sequences: readonly NumberSequence[],
): { parameters: unknown[]; marks: string[] } {
  const parameters: unknown[] = [];
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
  return { parameters, marks };
}

/** The statement's shape but its column lists (`cachedText` compares those), its key in the text cache. */
function shapeKey(
  parts: readonly BatchPart[],
  sequences: readonly NumberSequence[],
  marks: string[],
): string {
  return [
    'batch',
    sequences.map((s) => `${s.counter}/${s.prefix}/${s.width}`).join(','),
    marks.join(','),
    ...parts.map(
      (p) =>
        `${p.table}\n${p.rows.length}\n${p.where ?? ''}\n${p.select?.key ?? ''}\n${p.conflict?.join(',') ?? ''}`,
    ),
  ].join('\n');
}

/** The statement's text: the counters bump as `n`, then one CTE per part. */
function statementText(
  parts: readonly BatchPart[],
  sequences: readonly NumberSequence[],
  marks: readonly string[],
): string {
  const value = valueExpressions(sequences, marks);
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
  return `with ${ctes.join(', ')} ${sequences.length ? 'select name, value from n' : 'select 1 as done'}`;
}

/**
 * The expression of each bound value in turn: its parameter, wrapped in `replace()` with each
 * number its value holds a stand-in of. The bump's parameters come first ($1…$2k: (store,
 * counter) pairs); the rows' follow.
 */
function valueExpressions(sequences: readonly NumberSequence[], marks: readonly string[]): () => string {
  const held = new Map(
    marks.map((m) => {
      const [position, list] = m.split(':') as [string, string];
      return [Number(position), list.split('.').map(Number)];
    }),
  );
  const offset = sequences.length * 2;
  const formatted = (i: number) => {
    const s = sequences[i]!;
    // Never cut a number longer than the width (lpad would).
    return `(select ${quote(s.prefix)} || case when length(value::text) < ${s.width} then lpad(value::text, ${s.width}, '0') else value::text end from n where name = ${quote(s.counter)})`;
  };
  let position = 0;
  return () => {
    position += 1;
    let expression = `$${position + offset}`;
    for (const i of held.get(position) ?? [])
      expression = `replace(${expression}, ${quote(numberToken(sequences[i]!.counter))}, ${formatted(i)})`;
    return expression;
  };
}
