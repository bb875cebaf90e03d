import type BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * A Kysely SQLite dialect for better-sqlite3 that differs from Kysely's own in three ways:
 * - prepared statements are cached by SQL text (Kysely's re-prepares every query, which costs
 *   about 3.5x on a point read here);
 * - waiters for the single connection queue in order instead of all waking at each release;
 * - transactions begin IMMEDIATE, taking the write lock up front, so a transaction that reads
 *   and then writes cannot fail with SQLITE_BUSY halfway when another process holds the file.
 */
export class CachedSqliteDialect implements Dialect {
  constructor(private readonly database: BetterSqlite3.Database) {}
  createDriver(): Driver {
    return new CachedSqliteDriver(this.database);
  }
  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }
  createAdapter() {
    return new SqliteAdapter();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}

const STATEMENT_CACHE_SIZE = 1000;

class CachedSqliteConnection implements DatabaseConnection {
  private readonly statements = new Map<string, BetterSqlite3.Statement>();
  constructor(private readonly db: BetterSqlite3.Database) {}

  private prepare(sql: string): BetterSqlite3.Statement {
    let stmt = this.statements.get(sql);
    if (stmt) {
      // Move to the back so the map's order is least-recently-used first.
      this.statements.delete(sql);
      this.statements.set(sql, stmt);
      return stmt;
    }
    stmt = this.db.prepare(sql);
    this.statements.set(sql, stmt);
    if (this.statements.size > STATEMENT_CACHE_SIZE) {
      const oldest = this.statements.keys().next().value;
      if (oldest !== undefined) this.statements.delete(oldest);
    }
    return stmt;
  }

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const stmt = this.prepare(compiledQuery.sql);
    const parameters = compiledQuery.parameters as unknown[];
    if (stmt.reader) return Promise.resolve({ rows: stmt.all(parameters) as R[] });
    const { changes, lastInsertRowid } = stmt.run(parameters);
    return Promise.resolve({
      numAffectedRows: BigInt(changes),
      insertId: BigInt(lastInsertRowid),
      rows: [],
    });
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiledQuery.query)) throw new Error('SQLite streams only select queries');
    // A streaming statement stays busy until the iterator ends, so it must not come from the cache.
    const stmt = this.db.prepare(compiledQuery.sql);
    for (const row of stmt.iterate(compiledQuery.parameters as unknown[])) yield { rows: [row as R] };
  }
}

class CachedSqliteDriver implements Driver {
  private connection: CachedSqliteConnection | undefined;
  private busy = false;
  private readonly waiters: Array<() => void> = [];

  constructor(private readonly db: BetterSqlite3.Database) {}

  async init(): Promise<void> {
    this.connection = new CachedSqliteConnection(this.db);
  }

  acquireConnection(): Promise<DatabaseConnection> {
    const connection = this.connection!;
    if (!this.busy) {
      this.busy = true;
      return Promise.resolve(connection);
    }
    return new Promise((resolve) => this.waiters.push(() => resolve(connection)));
  }

  async releaseConnection(): Promise<void> {
    const next = this.waiters.shift();
    if (next) next();
    else this.busy = false;
  }

  async beginTransaction(connection: DatabaseConnection, _settings: TransactionSettings): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }
  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint "${name}"`));
  }
  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to "${name}"`));
  }
  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release "${name}"`));
  }
  async destroy(): Promise<void> {
    this.db.close();
  }
}
