import { Kysely, type LogEvent } from 'kysely';
import { PostgresJSDialect } from 'kysely-postgres-js';
import postgres from 'postgres';
import type { Database } from './schema.js';

/** The type ids of int8 and numeric, parsed to numbers by both PostgreSQL clients (`connection.ts`). */
export const INT8_OID = 20;
export const NUMERIC_OID = 1700;

/** bigint (money, counts) arrives as text; numbers past 2^53 would silently lose digits. */
export function parseSafeInteger(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`Integer ${value} is outside the safe range`);
  return n;
}

export interface PostgresJsOptions {
  schema?: string;
  poolSize?: number;
  log?: (event: LogEvent) => void;
}

/**
 * Kysely over postgres.js (kysely-postgres-js), the client measured against pg and its
 * prepared-statement layer in decision 0014 (`PG_CLIENT=postgres.js`). postgres.js prepares
 * every statement on each connection by itself; it has no way to send COMMIT in the same
 * message group as a statement, so a text marked COMMIT_WITH_STATEMENT runs as it is (the mark
 * is a comment) and the transaction commits on its own round trip.
 */
export function openPostgresJs(url: string, options: PostgresJsOptions): Kysely<Database> {
  const client = postgres(url, {
    max: options.poolSize ?? 10,
    // As the pg pool: a connection is replaced after 5 minutes (decision 0012).
    max_lifetime: 300,
    onnotice: () => undefined,
    types: {
      int8: { to: INT8_OID, from: [INT8_OID], serialize: (x: number) => String(x), parse: parseSafeInteger },
      numeric: { to: NUMERIC_OID, from: [NUMERIC_OID], serialize: (x: number) => String(x), parse: Number },
    },
    ...(options.schema ? { connection: { search_path: options.schema } } : {}),
  });
  return new Kysely<Database>({
    dialect: new PostgresJSDialect({ postgres: client }),
    ...(options.log ? { log: options.log } : {}),
  });
}
