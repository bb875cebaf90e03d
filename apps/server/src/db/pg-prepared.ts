import pg from 'pg';

/**
 * Named prepared statements for PostgreSQL, the counterpart of the SQLite statement cache
 * (decision 0012).
 *
 * pg sends every parameterised query as an unnamed statement, which PostgreSQL parses, analyses
 * and plans again on every call. Under the order benchmark that was about 40% of the database's
 * CPU: a sale's statements are all short, so their planning cost more than running them. A
 * named statement is parsed once per connection, and after a few calls PostgreSQL keeps a
 * generic plan for it and only binds the values.
 *
 * Which texts are named: a text with parameters, once it has been run `threshold` times in this
 * process (so one-off texts, such as a search with an unusual number of terms, stay unnamed).
 * Each connection prepares at most `perConnection` texts and runs the rest unnamed, so the
 * memory a connection holds on either side is bounded without deallocating anything.
 */
export interface PreparedOptions {
  threshold: number;
  perConnection: number;
  /**
   * Longest text that is named. Longer ones (an import's inserts of thousands of rows) are rare
   * and would each keep a large plan on every connection.
   */
  maxLength: number;
  /**
   * Texts counted at a time. When full, the texts not yet at the threshold are forgotten; if all
   * of them are, new texts are no longer counted.
   */
  tracked: number;
}

export const PREPARED_DEFAULTS: PreparedOptions = {
  threshold: 2,
  perConnection: 400,
  maxLength: 16_384,
  tracked: 5000,
};

export interface TextUse {
  name: string;
  uses: number;
  /** Set when PostgreSQL refused the prepared statement after the table changed: run unnamed. */
  retired?: boolean;
}

/**
 * PostgreSQL's answer when a table a prepared statement reads changed its columns since it was
 * prepared (another process ran a migration): the statement must be prepared again.
 */
const isStalePlan = (error: unknown) => {
  const e = error as { code?: string; routine?: string; message?: string };
  // The routine rather than the message alone: the message is translated under other lc_messages.
  return (
    e.code === '0A000' &&
    (e.routine === 'RevalidateCachedQuery' || /cached plan must not change result type/.test(e.message ?? ''))
  );
};

/**
 * Whether a failed named query may have left the connection without the statement pg believes
 * it prepared: the server says it does not exist (26000: a `DEALLOCATE`, a pooler), or pg failed
 * on the client side while binding values (a value it cannot serialise), in which case pg closes
 * the statement on the server but still counts it as prepared.
 */
const mayHaveLostStatement = (error: unknown) =>
  !(error instanceof pg.DatabaseError) || error.code === '26000';

/**
 * Which texts run named, for one pool: a name always means the same text on every connection
 * of the pool. Kept apart from the client so the rules can be tested without a server.
 */
export class StatementNames {
  readonly #texts = new Map<string, TextUse>();
  #named = 0;
  /** Texts held that are still below the threshold: when none are, a full registry is not scanned. */
  #below = 0;

  constructor(private readonly options: PreparedOptions = PREPARED_DEFAULTS) {}

  /**
   * Counts a use of `text` (a statement with parameters) on a connection that has prepared the
   * names in `prepared`, and answers the name to run it under, adding it to `prepared` when the
   * connection prepares it now; or undefined to run it unnamed.
   */
  nameFor(text: string, prepared: Set<string>): TextUse | undefined {
    if (text.length > this.options.maxLength) return undefined;
    let use = this.#texts.get(text);
    if (use === undefined) {
      if (this.#texts.size >= this.options.tracked) {
        // Full: forget the texts still below the threshold (seen once, never named), so a text
        // that becomes frequent later still gets its turn. Named texts keep their names.
        if (this.#below > 0) {
          for (const [t, u] of this.#texts) if (u.uses < this.options.threshold) this.#texts.delete(t);
          this.#below = 0;
        }
        if (this.#texts.size >= this.options.tracked) return undefined;
      }
      use = { name: `tb${++this.#named}`, uses: 0 };
      this.#texts.set(text, use);
      this.#below++;
    }
    use.uses++;
    if (use.uses === this.options.threshold) this.#below--;
    if (use.retired || use.uses < this.options.threshold) return undefined;
    if (prepared.has(use.name)) return use;
    if (prepared.size >= this.options.perConnection) return undefined;
    prepared.add(use.name);
    return use;
  }
}

/**
 * Marks a statement as the last of its transaction: the client sends COMMIT with it, in the same
 * write, so PostgreSQL commits without waiting for the client to answer (decision 0014). Put it
 * at the start of the text. A client that does not know it runs the text as it is, a comment.
 */
export const COMMIT_WITH_STATEMENT = '/* and commit */ ';

/** The parts of pg's connection and Query that GroupQuery builds on (pg 8). */
interface PgConnection {
  execute(config: { portal?: string; rows?: number | undefined }): void;
  parse(config: { text: string; name?: string }): void;
  bind(config: Record<string, unknown>): void;
  sync(): void;
  submittedNamedStatements: Record<string, string>;
}
interface PgQuery {
  portal: string;
  name: string | undefined;
  prepare(connection: PgConnection): void;
  handleCommandComplete(message: { text: string }, connection: PgConnection): void;
  handleError(error: Error, connection: PgConnection): void;
}
const BaseQuery = (pg as unknown as { Query: new (config: unknown) => PgQuery }).Query;

/**
 * A statement sent with BEGIN before it, COMMIT after it, or both, in one message group (one
 * Sync): PostgreSQL runs them one after the other with no round trip to the client between.
 * If one fails, PostgreSQL skips the rest up to the Sync: a failed BEGIN runs nothing; a failed
 * statement leaves the transaction open and failed, to be rolled back as usual. `committed` says
 * whether the COMMIT ran.
 */
class GroupQuery extends BaseQuery {
  committed = false;
  /** What the next CommandComplete belongs to. */
  _phase: 'submit' | 'begin' | 'statement' | 'commit' | 'done' = 'submit';
  // Set through the `name` setter while pg's constructor runs: a field here would be defined
  // again, empty, after it.
  declare _name: string | undefined;

  constructor(
    config: { name?: string; text: string; values: unknown; callback: (e: Error | null, r: unknown) => void },
    readonly _begin: boolean,
    readonly _commit: boolean,
  ) {
    // Extended protocol even without parameters: the simple protocol cannot share a Sync.
    super({ ...config, queryMode: 'extended' });
  }

  // pg reads `name` when it sends the statement, and at every ParseComplete to note the
  // statement as prepared: BEGIN's ParseComplete must not count as the statement's.
  override get name(): string | undefined {
    return this._phase === 'begin' ? undefined : this._name;
  }
  override set name(value: string | undefined) {
    this._name = value;
  }

  override prepare(connection: PgConnection): void {
    if (this._begin) {
      connection.parse({ text: 'BEGIN' });
      connection.bind({});
      connection.execute({});
    }
    super.prepare(connection);
    if (this._phase === 'submit') this._phase = this._begin ? 'begin' : 'statement';
  }

  // pg's Query calls this after Parse, Bind and Describe, to run the portal and send Sync.
  _getRows(connection: PgConnection, rows?: number): void {
    connection.execute({ portal: this.portal, rows });
    if (this._commit) {
      connection.parse({ text: 'COMMIT' });
      connection.bind({});
      connection.execute({});
    }
    connection.sync();
  }

  override handleCommandComplete(message: { text: string }, connection: PgConnection): void {
    switch (this._phase) {
      case 'begin':
        this._phase = 'statement';
        return;
      case 'commit':
        this.committed = message.text === 'COMMIT';
        this._phase = 'done';
        return;
      default:
        this._phase = this._commit ? 'commit' : 'done';
        super.handleCommandComplete(message, connection);
    }
  }

  override handleError(error: Error, connection: PgConnection): void {
    // A failed BEGIN skipped the statement's Parse; pg, seeing no name then, kept it as sent.
    if (this._phase === 'begin' && this._name) delete connection.submittedNamedStatements[this._name];
    super.handleError(error, connection);
  }
}

const done = (command: string) => Promise.resolve({ command, rowCount: null, rows: [], fields: [] });

/** A pg `Client` class, for `new pg.Pool({ Client })`, that names frequent statements. */
export function preparingClient(options: PreparedOptions = PREPARED_DEFAULTS): typeof pg.Client {
  const names = new StatementNames(options);

  return class PreparingClient extends pg.Client {
    /** Names this connection has sent to the server (prepared, or being prepared). */
    readonly #prepared = new Set<string>();
    /** Names this connection may have lost (see mayHaveLostStatement): their texts run unnamed here. */
    readonly #lost = new Set<string>();
    /** Set when a statement marked COMMIT_WITH_STATEMENT committed: the next `commit` is done already. */
    #committed = false;

    /** The name to run a text with parameters under here, if any. */
    #nameOf(text: string, values: unknown): TextUse | undefined {
      if (!Array.isArray(values) || values.length === 0) return undefined;
      const use = names.nameFor(text, this.#prepared);
      return use && !this.#lost.has(use.name) ? use : undefined;
    }

    /**
     * After a migration elsewhere a named statement fails once; from then on its text runs
     * unnamed in this process (a transaction it was part of has failed already). A statement
     * this connection may have lost runs unnamed on it from then on: pg would otherwise bind it
     * without preparing it again, and fail on every use until the connection is replaced.
     */
    #failed(use: TextUse, error: unknown): void {
      if (isStalePlan(error)) use.retired = true;
      else if (mayHaveLostStatement(error)) this.#lost.add(use.name);
    }

    /**
     * A `begin` not sent yet: it goes with the transaction's first statement, in one message
     * group (GroupQuery), saving a round trip per transaction.
     */
    #beginPending = false;

    /** A transaction not ended when its connection goes back to the pool must not leak into the next. */
    forgetPendingBegin(): void {
      this.#beginPending = false;
      this.#committed = false;
    }

    // pg's overloads do not allow an override to widen them; the arguments are passed through.
    override query(config: unknown, values?: unknown, callback?: unknown): never {
      const run = super.query as (...args: unknown[]) => unknown;
      if (typeof values === 'function') {
        // pg's query(text, callback) form.
        callback = values;
        values = undefined;
      }
      const begin = this.#beginPending;
      this.#beginPending = false;
      if (typeof config !== 'string' || typeof callback === 'function') {
        this.#committed = false;
        // Forms Kysely does not use here (a cursor, a callback): the BEGIN goes first on its own.
        // A BEGIN fails only with its connection, and then so does the query queued behind it.
        if (begin) (run.call(this, 'BEGIN', []) as Promise<unknown>).catch(() => undefined);
        return this.#named(run, config, values, callback);
      }
      const committed = this.#committed;
      this.#committed = false;
      // Kysely ends the transaction whose last statement committed it, or that never sent a
      // statement: nothing is left to do.
      if ((committed || begin) && /^commit$/i.test(config)) return done('COMMIT') as never;
      if (begin && /^rollback$/i.test(config)) return done('ROLLBACK') as never;
      if (!begin && /^begin$/i.test(config) && !(Array.isArray(values) && values.length)) {
        this.#beginPending = true;
        return done('BEGIN') as never;
      }
      const commit = config.startsWith(COMMIT_WITH_STATEMENT);
      if (!begin && !commit) return this.#named(run, config, values, callback);
      const use = this.#nameOf(config, values);
      return new Promise((resolve, reject) => {
        const query = new GroupQuery(
          {
            ...(use ? { name: use.name } : {}),
            text: config,
            values: Array.isArray(values) ? values : [],
            callback: (error: Error | null, result: unknown) => {
              if (error) {
                if (use) this.#failed(use, error);
                reject(error);
                return;
              }
              this.#committed = query.committed;
              resolve(result);
            },
          },
          begin,
          commit,
        );
        run.call(this, query);
      }) as never;
    }

    /** Runs a query as pg would, a frequent text with parameters under its name. */
    #named(run: (...args: unknown[]) => unknown, config: unknown, values: unknown, callback: unknown): never {
      const use = typeof config === 'string' ? this.#nameOf(config, values) : undefined;
      if (!use) return run.call(this, config, values, callback) as never;
      const query = { name: use.name, text: config, values };
      if (typeof callback === 'function') {
        return run.call(this, query, (error: Error | null, result: unknown) => {
          if (error) this.#failed(use, error);
          (callback as (error: Error | null, result: unknown) => void)(error, result);
        }) as never;
      }
      return (run.call(this, query) as Promise<unknown>).catch((error: unknown) => {
        this.#failed(use, error);
        throw error;
      }) as never;
    }
  } as unknown as typeof pg.Client;
}
