import { mkdirSync } from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, PostgresAdapter } from 'kysely';
import pg from 'pg';
import { CachedSqliteDialect } from './sqlite-dialect.js';
import type { Database } from './schema.js';

export type Engine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  /** Human description for the start-up log (never includes a password). */
  describe: string;
  destroy(): Promise<void>;
}

export interface ConnectOptions {
  /** PostgreSQL schema to use (tests give each file its own). */
  schema?: string;
  poolSize?: number;
}

/** Opens the database named by a URL: `sqlite:<file>` or `postgres://…`. */
export function openDatabase(url: string, options: ConnectOptions = {}): DatabaseHandle {
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length));
  return openPostgres(url, options);
}

function openSqlite(file: string): DatabaseHandle {
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new CachedSqliteDialect(sqlite) });
  return { db, engine: 'sqlite', describe: `SQLite ${path.resolve(file)}`, destroy: () => db.destroy() };
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/** bigint (money, counts) arrives as text from pg; numbers past 2^53 would silently lose digits. */
function parseSafeInteger(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`Integer ${value} is outside the safe range`);
  return n;
}

function openPostgres(url: string, options: ConnectOptions): DatabaseHandle {
  const types = {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      if (oid === INT8_OID) return parseSafeInteger;
      if (oid === NUMERIC_OID) return (v: string) => Number(v);
      return pg.types.getTypeParser(oid, format);
    },
  };
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    types: types as pg.CustomTypesConfig,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const u = new URL(url);
  return {
    db,
    engine: 'postgres',
    describe: `PostgreSQL ${u.hostname}:${u.port || 5432}${u.pathname}${options.schema ? ` (schema ${options.schema})` : ''}`,
    destroy: () => db.destroy(),
  };
}

export function engineOf(db: Kysely<unknown>): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
