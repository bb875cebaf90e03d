import { mkdirSync } from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, PostgresAdapter, sql, type LogEvent } from 'kysely';
import pg from 'pg';
import { FALLBACK_AUTOCHECKPOINT_PAGES, startCheckpointer, type Checkpointer } from './checkpointer.js';
import { preparingClient } from './pg-prepared.js';
import { INT8_OID, NUMERIC_OID, openPostgresJs, parseSafeInteger } from './postgres-js.js';
import { CachedSqliteDialect } from './sqlite-dialect.js';
import type { Database } from './schema.js';

export type Engine = 'sqlite' | 'postgres';
export type PgClient = 'pg' | 'postgres.js';

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
  /**
   * Sees every statement run through the query builder or as text, after it ran (benchmarks
   * replay what a request ran). Transaction control (BEGIN, COMMIT, savepoints) is not included.
   */
  log?: (event: LogEvent) => void;
  poolSize?: number;
  /** SQLite: checkpoint the WAL from a worker thread instead of inside commits (the server does). */
  backgroundCheckpoint?: boolean;
  /**
   * SQLite: commit concurrent transactions together (decision 0009). On unless set to false;
   * each caller still waits for the COMMIT that includes its transaction.
   */
  groupCommit?: boolean;
  /** PostgreSQL: run frequent statements as named prepared statements (decision 0012). On unless false. */
  preparedStatements?: boolean;
  /**
   * PostgreSQL: which client library. `pg` with the prepared-statement and message-group layer
   * (decisions 0012, 0014), or `postgres.js`, measured against it (decision 0014).
   */
  pgClient?: PgClient;
  /** Where the checkpointer reports a failure. */
  onCheckpointError?: (message: string) => void;
}

/** Opens the database named by a URL: `sqlite:<file>` or `postgres://…`. */
export function openDatabase(url: string, options: ConnectOptions = {}): DatabaseHandle {
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length), options);
  return openPostgres(url, options);
}

function openSqlite(file: string, options: ConnectOptions): DatabaseHandle {
  const memory = file === ':memory:';
  if (!memory) mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Savepoint journals (every transaction is a savepoint under group commit) and sorts stay in
  // memory instead of temporary files: about 10% off an order's CPU time here (decision 0009).
  sqlite.pragma('temp_store = MEMORY');
  // After a checkpoint lets the WAL start over, the file is cut back to this size.
  sqlite.pragma(`journal_size_limit = ${64 * 1024 * 1024}`);
  let checkpointer: Checkpointer | undefined;
  if (options.backgroundCheckpoint && !memory) {
    sqlite.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
    checkpointer = startCheckpointer(path.resolve(file), {
      ...(options.onCheckpointError ? { onError: options.onCheckpointError } : {}),
    });
  }
  const db = new Kysely<Database>({
    dialect: new CachedSqliteDialect(sqlite, { groupCommit: options.groupCommit ?? true }),
    ...(options.log ? { log: options.log } : {}),
  });
  return {
    db,
    engine: 'sqlite',
    describe: `SQLite ${path.resolve(file)}`,
    destroy: async () => {
      await checkpointer?.stop();
      await db.destroy();
    },
  };
}

function describePostgres(url: string, options: ConnectOptions): string {
  const u = new URL(url);
  const client = options.pgClient === 'postgres.js' ? ', postgres.js' : '';
  return `PostgreSQL ${u.hostname}:${u.port || 5432}${u.pathname}${options.schema ? ` (schema ${options.schema})` : ''}${client}`;
}

function openPostgres(url: string, options: ConnectOptions): DatabaseHandle {
  if (options.pgClient === 'postgres.js') {
    const db = openPostgresJs(url, options);
    return { db, engine: 'postgres', describe: describePostgres(url, options), destroy: () => db.destroy() };
  }
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
    // Frequent statements run as named prepared statements (decision 0012). A connection is
    // replaced after 5 minutes, so no generic plan outlives what the planner knew by longer.
    ...(options.preparedStatements === false ? {} : { Client: preparingClient() }),
    maxLifetimeSeconds: 300,
    types: types as pg.CustomTypesConfig,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  // An idle connection the server ends (a restart, a failover, an administrator, a database
  // dropped with `force`) is an 'error' of the pool, which has already removed it: the next
  // query opens a new one. Unhandled, that event would end the whole process.
  pool.on('error', () => {});
  // A transaction's BEGIN waits for its first statement (decision 0014); one never ended must
  // not carry over to the connection's next user.
  pool.on('release', (_error, client) =>
    (client as { forgetPendingBegin?: () => void }).forgetPendingBegin?.(),
  );
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    ...(options.log ? { log: options.log } : {}),
  });
  return {
    db,
    engine: 'postgres',
    describe: describePostgres(url, options),
    destroy: () => db.destroy(),
  };
}

export function engineOf(db: Kysely<unknown>): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** One round trip to the database: the readiness check's "is it there at all". */
export async function pingDatabase<DB>(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}
