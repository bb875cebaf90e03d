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

export interface SqliteDialectOptions {
  /**
   * Commit transactions in groups (decision 0009): each transaction is a savepoint inside one
   * open write transaction, and the write transaction commits once the event loop has taken in
   * the requests that were waiting. Every caller still waits for the real COMMIT.
   */
  groupCommit?: boolean;
}

/**
 * A Kysely SQLite dialect for better-sqlite3 that differs from Kysely's own in four ways:
 * - prepared statements are cached by SQL text (Kysely's re-prepares every query, which costs
 *   about 3.5x on a point read here);
 * - waiters for the single connection queue in order instead of all waking at each release;
 * - transactions begin IMMEDIATE, taking the write lock up front, so a transaction that reads
 *   and then writes cannot fail with SQLITE_BUSY halfway when another process holds the file;
 * - optionally, group commit (see {@link SqliteDialectOptions.groupCommit}).
 */
export class CachedSqliteDialect implements Dialect {
  constructor(
    private readonly database: BetterSqlite3.Database,
    private readonly options: SqliteDialectOptions = {},
  ) {}
  createDriver(): Driver {
    return new CachedSqliteDriver(this.database, this.options.groupCommit ?? false);
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

interface CachedStatement {
  stmt: BetterSqlite3.Statement;
  /** Used since the eviction sweep last passed it (the CLOCK algorithm's reference bit). */
  used: boolean;
  /** For a reader in raw mode: makes a row object from its array of values. */
  toRow: RowMaker | null;
}

type RowMaker = (values: unknown[]) => Record<string, unknown>;

const rowMakers = new Map<string, RowMaker>();
const MAX_ROW_MAKERS = 2000;

/**
 * A function that turns a raw row (an array of values) into the object better-sqlite3 would have
 * made, for one list of column names; null when a name cannot be an object literal's key.
 *
 * better-sqlite3 makes each row object by setting its properties one by one, interning every
 * column name again for every row: a page of 20 products with 20 columns took about twice as
 * long to turn into objects as to read. An object literal of a fixed shape is made from a
 * template V8 keeps for it. The names come from the statement's own columns, which are written
 * in code, and are quoted with JSON.stringify, so no value ever reaches the function's source.
 * As with better-sqlite3, a repeated name keeps the last column's value.
 */
export function rowMakerFor(names: readonly string[]): RowMaker | null {
  // `__proto__` as a literal key would set the prototype instead of a property.
  if (names.includes('__proto__')) return null;
  const key = names.join('\u0000');
  let make = rowMakers.get(key);
  if (!make) {
    const fields = names.map((name, i) => `${JSON.stringify(name)}: v[${i}]`).join(', ');
    make = new Function('v', `return { ${fields} };`) as RowMaker;
    if (rowMakers.size < MAX_ROW_MAKERS) rowMakers.set(key, make);
  }
  return make;
}

/** Exported for its tests; the dialect is the only user. */
export class CachedSqliteConnection {
  private readonly statements = new Map<string, CachedStatement>();
  constructor(
    private readonly db: BetterSqlite3.Database,
    private readonly capacity = STATEMENT_CACHE_SIZE,
  ) {}

  /** Whether a statement with this text is cached (for tests). */
  isCached(sql: string): boolean {
    return this.statements.has(sql);
  }

  get cachedCount(): number {
    return this.statements.size;
  }

  /**
   * A hit only sets a flag: moving the entry to the back of the map on every hit, as a strict
   * LRU does, cost more than the lookup on this path. When the cache is full, the sweep gives
   * used entries a second chance and evicts the first unused one (CLOCK).
   */
  prepare(sql: string): BetterSqlite3.Statement {
    return this.entry(sql).stmt;
  }

  private entry(sql: string): CachedStatement {
    const hit = this.statements.get(sql);
    if (hit) {
      hit.used = true;
      return hit;
    }
    const stmt = this.db.prepare(sql);
    let toRow: RowMaker | null = null;
    if (stmt.reader) {
      toRow = rowMakerFor(stmt.columns().map((c) => c.name));
      if (toRow) stmt.raw(true);
    }
    if (this.statements.size >= this.capacity) this.evictOne();
    const entry = { stmt, used: false, toRow };
    this.statements.set(sql, entry);
    return entry;
  }

  private evictOne(): void {
    for (const [key, entry] of this.statements) {
      this.statements.delete(key);
      if (!entry.used) return;
      entry.used = false;
      this.statements.set(key, entry);
    }
  }

  /** Runs a statement; `wrote` says whether it may have changed the database. */
  run<R>(compiledQuery: CompiledQuery): { result: QueryResult<R>; wrote: boolean } {
    const { stmt, toRow } = this.entry(compiledQuery.sql);
    const parameters = compiledQuery.parameters as unknown[];
    const wrote = !stmt.readonly;
    if (stmt.reader) {
      const rows = stmt.all(parameters) as unknown[];
      if (toRow) for (let i = 0; i < rows.length; i++) rows[i] = toRow(rows[i] as unknown[]);
      return { result: { rows: rows as R[] }, wrote };
    }
    const { changes, lastInsertRowid } = stmt.run(parameters);
    return {
      result: { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] },
      wrote,
    };
  }

  exec(sql: string): void {
    this.prepare(sql).run();
  }

  async *stream<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiledQuery.query)) throw new Error('SQLite streams only select queries');
    // A streaming statement stays busy until the iterator ends, so it must not come from the cache.
    const stmt = this.db.prepare(compiledQuery.sql);
    for (const row of stmt.iterate(compiledQuery.parameters as unknown[])) yield { rows: [row as R] };
  }
}

/**
 * One use of the single connection, from acquire to release. Kysely hands the lease back to the
 * driver for begin, commit, rollback and release, which lets a transaction give the connection
 * to the next waiter before its group's COMMIT and then wait for that COMMIT.
 */
class Lease implements DatabaseConnection {
  released = false;
  inTransaction = false;
  /** Its transaction was released into the open group and waits for (or saw) the group's COMMIT. */
  handedOver = false;
  constructor(private readonly driver: CachedSqliteDriver) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    // A lease that gave the connection away while its write waited for a group's COMMIT
    // (outside a transaction, e.g. in `db.connection()`) queues for it again.
    if (this.released) await this.driver.relock(this);
    return this.driver.execute<R>(this, compiledQuery);
  }

  streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    return this.driver.stream<R>(compiledQuery);
  }
}

interface GroupMember {
  resolve: () => void;
  reject: (error: unknown) => void;
}

const SAVEPOINT = 'tillbook_trx';

class CachedSqliteDriver implements Driver {
  private readonly connection: CachedSqliteConnection;
  private busy = false;
  private readonly waiters: Array<() => void> = [];
  /** The open write transaction that transactions join as savepoints, with who waits on its COMMIT. */
  private group: GroupMember[] | null = null;
  private commitScheduled = false;

  constructor(
    private readonly db: BetterSqlite3.Database,
    private readonly groupCommit: boolean,
  ) {
    this.connection = new CachedSqliteConnection(db);
  }

  async init(): Promise<void> {}

  acquireConnection(): Promise<DatabaseConnection> {
    return this.lock().then(() => new Lease(this));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    this.release(connection as Lease);
  }

  private lock(first = false): Promise<void> {
    if (!this.busy) {
      this.busy = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => (first ? this.waiters.unshift(resolve) : this.waiters.push(resolve)));
  }

  private unlock(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.busy = false;
  }

  async relock(lease: Lease): Promise<void> {
    await this.lock();
    lease.released = false;
  }

  private release(lease: Lease): void {
    if (lease.released) return;
    lease.released = true;
    this.unlock();
  }

  async execute<R>(lease: Lease, compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { result, wrote } = this.connection.run<R>(compiledQuery);
    // A write outside a transaction while a group is open became part of the group: like a
    // transaction, it is done only when the group commits.
    if (wrote && !lease.inTransaction && this.group && this.db.inTransaction) {
      await this.awaitGroupCommit(lease);
    }
    return result;
  }

  stream<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    return this.connection.stream<R>(compiledQuery);
  }

  async beginTransaction(connection: DatabaseConnection, _settings: TransactionSettings): Promise<void> {
    const lease = connection as Lease;
    // A `db.connection()` scope whose earlier write handed the connection over takes it back.
    if (lease.released) await this.relock(lease);
    if (!this.groupCommit) {
      this.connection.exec('begin immediate');
    } else {
      if (this.group && !this.db.inTransaction) {
        // SQLite rolled the group's transaction back by itself (an I/O error or a full disk).
        this.failGroup(new Error('The database rolled back the transaction group after an error'));
      }
      if (!this.group) {
        this.connection.exec('begin immediate');
        this.group = [];
      }
      this.connection.exec(`savepoint ${SAVEPOINT}`);
    }
    lease.inTransaction = true;
    // A lease of `db.connection()` may have handed over for an earlier write; this is new work.
    lease.handedOver = false;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    if (!this.groupCommit) {
      this.connection.exec('commit');
      lease.inTransaction = false;
      return;
    }
    this.connection.exec(`release ${SAVEPOINT}`);
    lease.inTransaction = false;
    await this.awaitGroupCommit(lease);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    // Its group failed to commit: SQLite has already undone all of it.
    if (lease.handedOver) return;
    lease.inTransaction = false;
    if (!this.groupCommit) {
      this.connection.exec('rollback');
      return;
    }
    if (!this.db.inTransaction) {
      // SQLite undid the whole group after an error (I/O, full disk): none of it will commit.
      this.failGroup(new Error('The database rolled back the transaction group after an error'));
      return;
    }
    this.connection.exec(`rollback to ${SAVEPOINT}`);
    this.connection.exec(`release ${SAVEPOINT}`);
    // The group may have no other member to commit it: close it anyway, so the write lock is
    // not held until the next transaction comes.
    this.scheduleCommit();
  }

  /** Gives the connection to the next waiter, then waits until the open group has committed. */
  private awaitGroupCommit(lease: Lease): Promise<void> {
    const group = this.group!;
    const done = new Promise<void>((resolve, reject) => group.push({ resolve, reject }));
    lease.handedOver = true;
    this.release(lease);
    this.scheduleCommit();
    return done;
  }

  private scheduleCommit(): void {
    if (this.commitScheduled) return;
    this.commitScheduled = true;
    // After the poll phase: the requests that arrived together have had their turn to join.
    setImmediate(() => void this.commitGroup());
  }

  private async commitGroup(): Promise<void> {
    // Ahead of every waiter, so a steady stream of requests cannot hold a group open forever.
    await this.lock(true);
    this.commitScheduled = false;
    const group = this.group;
    this.group = null;
    try {
      if (!group) return;
      if (!this.db.inTransaction) {
        for (const m of group)
          m.reject(new Error('The database rolled back the transaction group after an error'));
        return;
      }
      try {
        this.connection.exec('commit');
      } catch (error) {
        if (this.db.inTransaction) this.connection.exec('rollback');
        for (const m of group) m.reject(error);
        return;
      }
      for (const m of group) m.resolve();
    } finally {
      this.unlock();
    }
  }

  private failGroup(error: Error): void {
    const group = this.group ?? [];
    this.group = null;
    for (const m of group) m.reject(error);
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
    // A group still open is committed first: its members are waiting for exactly that.
    if (this.group) await this.commitGroup();
    this.db.close();
  }
}
