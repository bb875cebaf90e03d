import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './connection.js';
import {
  COMMIT_WITH_STATEMENT,
  preparingClient,
  StatementNames,
  type PreparedOptions,
} from './pg-prepared.js';

describe('which statements run named', () => {
  const options = { threshold: 2, perConnection: 2, maxLength: 100, tracked: 3 };

  it('names a text from its threshold-th use, with the same name on every connection', () => {
    const names = new StatementNames(options);
    const a = new Set<string>();
    const b = new Set<string>();
    expect(names.nameFor('select $1', a)).toBeUndefined();
    const first = names.nameFor('select $1', a);
    expect(first?.name).toBeDefined();
    expect(names.nameFor('select $1', b)?.name).toBe(first!.name);
    expect([...a, ...b]).toEqual([first!.name, first!.name]);
  });

  it('prepares at most perConnection texts on a connection; another connection has its own room', () => {
    const names = new StatementNames({ ...options, threshold: 1 });
    const a = new Set<string>();
    const named = ['select $1', 'select $2', 'select $3'].map((t) => names.nameFor(t, a)?.name);
    expect(named.filter(Boolean)).toHaveLength(2);
    expect(named[2]).toBeUndefined();
    expect(names.nameFor('select $3', new Set())?.name).toBeDefined();
  });

  it('never names a text longer than maxLength', () => {
    const names = new StatementNames({ ...options, threshold: 1 });
    const long = `select $1 as ${'x'.repeat(100)}`;
    expect(names.nameFor(long, new Set())).toBeUndefined();
    expect(names.nameFor(long, new Set())).toBeUndefined();
    expect(names.nameFor('select $1 as x', new Set())?.name).toBeDefined();
  });

  it('runs a retired text unnamed', () => {
    const names = new StatementNames({ ...options, threshold: 1 });
    const use = names.nameFor('select $1', new Set())!;
    use.retired = true;
    expect(names.nameFor('select $1', new Set())).toBeUndefined();
  });

  it('forgets texts below the threshold when full, and never gives a name twice', () => {
    const names = new StatementNames(options);
    const a = new Set<string>();
    names.nameFor('hot $1', a);
    const hot = names.nameFor('hot $1', a)!.name;
    names.nameFor('once $1', a);
    names.nameFor('twice $1', a);
    // Full (3 texts): "once" and "twice" are forgotten to make room for "later".
    names.nameFor('later $1', a);
    const later = names.nameFor('later $1', new Set())!.name;
    expect(later).not.toBe(hot);
    expect(names.nameFor('hot $1', a)!.name).toBe(hot);
    // "twice" starts counting again from nothing.
    expect(names.nameFor('twice $1', a)).toBeUndefined();
  });
});

// On a server: these run in the PostgreSQL pass of the tests (TEST_DATABASE_URL).
const url = process.env.TEST_DATABASE_URL;

if (url) {
  describe('the PostgreSQL pool', () => {
    it('outlives an idle connection the server ends, and the next query opens a new one', async () => {
      const database = openDatabase(url);
      try {
        const first = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db);
        const pid = first.rows[0]!.pid;
        // The connection now waits idle in the pool; the server ends it (as a restart would).
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query('select pg_terminate_backend($1::int)', [pid]);
        await admin.end();
        await new Promise((resolve) => setTimeout(resolve, 200));
        const next = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db);
        expect(next.rows[0]!.pid).not.toBe(pid);
      } finally {
        await database.destroy();
      }
    });
  });

  describe('named prepared statements on PostgreSQL', () => {
    const pools: pg.Pool[] = [];
    // One connection, so pg_prepared_statements shows what that connection prepared.
    const pool = (options: PreparedOptions) => {
      const p = new pg.Pool({ connectionString: url, max: 1, Client: preparingClient(options) });
      pools.push(p);
      return p;
    };
    const prepared = async (p: pg.Pool) =>
      (
        await p.query<{ statement: string }>(
          'select statement from pg_prepared_statements order by prepare_time',
        )
      ).rows.map((r) => r.statement);

    const texts = ['select $1::int + 1 as n', 'select $1::int + 2 as n', 'select $1::int + 3 as n'];

    afterAll(async () => {
      await Promise.all(pools.map((p) => p.end()));
    });

    it('names a text from its threshold-th use on, and binds new values each time', async () => {
      const p = pool({ threshold: 2, perConnection: 10, maxLength: 1000, tracked: 100 });
      expect((await p.query(texts[0]!, [1])).rows[0].n).toBe(2);
      expect(await prepared(p)).toEqual([]);
      expect((await p.query(texts[0]!, [10])).rows[0].n).toBe(11);
      expect((await p.query(texts[0]!, [20])).rows[0].n).toBe(21);
      expect(await prepared(p)).toEqual([texts[0]]);
    });

    it('never names a text without parameters', async () => {
      const p = pool({ threshold: 1, perConnection: 10, maxLength: 1000, tracked: 100 });
      for (let i = 0; i < 3; i++) await p.query('select 42 as n', []);
      expect(await prepared(p)).toEqual([]);
    });

    it('prepares at most perConnection texts on a connection and runs the rest unnamed', async () => {
      const p = pool({ threshold: 1, perConnection: 2, maxLength: 1000, tracked: 100 });
      for (let round = 0; round < 3; round++) {
        for (const [i, text] of texts.entries()) {
          expect((await p.query(text, [round])).rows[0].n).toBe(round + i + 1);
        }
      }
      expect(await prepared(p)).toEqual([texts[0], texts[1]]);
    });

    it('forgets texts seen fewer times than the threshold when its registry is full', async () => {
      const p = pool({ threshold: 2, perConnection: 10, maxLength: 1000, tracked: 2 });
      // texts[0] reaches the threshold; texts[1] is seen once and fills the registry.
      await p.query(texts[0]!, [1]);
      await p.query(texts[0]!, [1]);
      await p.query(texts[1]!, [1]);
      // texts[2] pushes texts[1] out, then becomes frequent and is named.
      await p.query(texts[2]!, [1]);
      expect((await p.query(texts[2]!, [1])).rows[0].n).toBe(4);
      expect(await prepared(p)).toEqual([texts[0], texts[2]]);
    });

    it('stops counting new texts when every text it holds is named', async () => {
      const p = pool({ threshold: 1, perConnection: 10, maxLength: 1000, tracked: 1 });
      for (const text of texts) await p.query(text, [1]);
      for (const text of texts) await p.query(text, [1]);
      expect(await prepared(p)).toEqual([texts[0]]);
    });

    it('runs a text unnamed from the moment its table changed columns under it', async () => {
      const p = pool({ threshold: 1, perConnection: 10, maxLength: 1000, tracked: 100 });
      const table = `prepared_${Date.now()}`;
      await p.query(`create table ${table} (a int)`);
      try {
        await p.query(`insert into ${table} values (1)`);
        const text = `select * from ${table} where a = $1`;
        expect((await p.query(text, [1])).rows).toEqual([{ a: 1 }]);
        // A migration run by another process adds a column.
        await p.query(`alter table ${table} add column b int`);
        await expect(p.query(text, [1])).rejects.toThrow(/cached plan must not change result type/);
        expect((await p.query(text, [1])).rows).toEqual([{ a: 1, b: null }]);
        expect((await p.query(text, [1])).rows).toEqual([{ a: 1, b: null }]);
      } finally {
        await p.query(`drop table ${table}`);
      }
    });

    // On one checked-out client: a pool replaces a client that a failed pool.query released.
    it('runs a text unnamed on a connection that lost its statement (DEALLOCATE)', async () => {
      const p = pool({ threshold: 1, perConnection: 10, maxLength: 1000, tracked: 100 });
      const client = await p.connect();
      const preparedHere = async () =>
        (await client.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map(
          (r) => r.statement,
        );
      try {
        expect((await client.query(texts[0]!, [1])).rows[0].n).toBe(2);
        expect(await preparedHere()).toEqual([texts[0]]);
        await client.query('deallocate all');
        // pg still believes it prepared the statement: the first use fails, the next ones work.
        await expect(client.query(texts[0]!, [1])).rejects.toMatchObject({ code: '26000' });
        expect((await client.query(texts[0]!, [2])).rows[0].n).toBe(3);
        expect((await client.query(texts[0]!, [3])).rows[0].n).toBe(4);
        expect(await preparedHere()).toEqual([]);
        // Other texts are still named on this connection.
        expect((await client.query(texts[1]!, [1])).rows[0].n).toBe(3);
        expect(await preparedHere()).toEqual([texts[1]]);
      } finally {
        client.release();
      }
    });

    it('runs a text unnamed on a connection after pg could not bind its values', async () => {
      const p = pool({ threshold: 1, perConnection: 10, maxLength: 1000, tracked: 100 });
      const client = await p.connect();
      const text = 'select $1::jsonb as j';
      try {
        expect((await client.query(text, [{ a: 1 }])).rows[0].j).toEqual({ a: 1 });
        // JSON.stringify cannot write a BigInt: pg fails while binding and closes the statement.
        await expect(client.query(text, [{ a: 1n }])).rejects.toThrow(/BigInt/);
        expect((await client.query(text, [{ a: 2 }])).rows[0].j).toEqual({ a: 2 });
        expect((await client.query(text, [{ a: 3 }])).rows[0].j).toEqual({ a: 3 });
      } finally {
        client.release();
      }
    });

    it('keeps working on a connection whose transaction failed and rolled back', async () => {
      const p = pool({ threshold: 1, perConnection: 10, maxLength: 1000, tracked: 100 });
      const client = await p.connect();
      try {
        await client.query('begin');
        await expect(client.query('select $1::int / 0 as n', [1])).rejects.toThrow(/division by zero/);
        await client.query('rollback');
        expect(await client.query('select $1::int / 0 as n', [0]).catch((e: Error) => e.message)).toMatch(
          /division by zero/,
        );
        expect((await client.query(texts[2]!, [5])).rows[0].n).toBe(8);
      } finally {
        client.release();
      }
    });
  });

  describe('transactions in fewer round trips: BEGIN with the first statement, COMMIT with the last marked one', () => {
    const pools: pg.Pool[] = [];
    const table = `commit_with_statement_${process.pid}`;
    let observer: pg.Client;

    beforeAll(async () => {
      observer = new pg.Client({ connectionString: url });
      await observer.connect();
      await observer.query(`drop table if exists ${table}`);
      await observer.query(`create table ${table} (id int primary key, note text not null)`);
    });
    afterAll(async () => {
      await observer.query(`drop table if exists ${table}`);
      await observer.end();
      await Promise.all(pools.map((p) => p.end()));
    });

    const newPool = () => {
      const p = new pg.Pool({
        connectionString: url,
        max: 1,
        Client: preparingClient({ threshold: 2, perConnection: 10, maxLength: 1000, tracked: 100 }),
      });
      pools.push(p);
      return p;
    };
    const client = async () => {
      const c = await newPool().connect();
      // PostgreSQL warns of a COMMIT sent with no transaction open: a second, real COMMIT.
      const warnings: string[] = [];
      c.on('notice', (n) => warnings.push(n.message ?? ''));
      return { c, warnings };
    };
    /** Runs `use` on a connection of its own pool, with the warnings PostgreSQL sent it, and releases it. */
    const withClient = async (use: (c: pg.PoolClient, warnings: string[]) => Promise<void>) => {
      const { c, warnings } = await client();
      try {
        await use(c, warnings);
      } finally {
        c.release();
      }
    };
    const ids = async () =>
      (await observer.query<{ id: number }>(`select id from ${table} order by id`)).rows.map((r) => r.id);
    /** What the connection's backend is doing, as the server sees it. */
    const readState = async (c: pg.PoolClient) =>
      (
        await observer.query<{ state: string }>('select state from pg_stat_activity where pid = $1', [
          (c as unknown as { processID: number }).processID,
        ])
      ).rows[0]?.state;
    /**
     * The connection's state once it waits for its next command. The server may hand over an
     * error before it records that it is idle, so "active" is read again for up to a second (a CI
     * run once read it a moment too soon).
     */
    const stateOf = async (c: pg.PoolClient) => {
      for (let tries = 0; tries < 50; tries++) {
        const state = await readState(c);
        if (state !== 'active') return state;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return readState(c);
    };
    const insert = `${COMMIT_WITH_STATEMENT}insert into ${table} (id, note) values ($1, $2) returning id`;

    it('commits with the statement, and the transaction’s own commit then sends nothing', async () => {
      await withClient(async (c, warnings) => {
        // Three times, so the text runs unnamed, is prepared, then runs by name.
        for (const id of [1, 2, 3]) {
          await c.query('begin');
          const result = await c.query(insert, [id, 'sale']);
          expect(result.rows).toEqual([{ id }]);
          // Committed before the caller says commit: another connection sees the row.
          expect(await ids()).toContain(id);
          await c.query('commit');
        }
        expect(warnings).toEqual([]);
        expect(
          (await c.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n,
        ).toBe(1);
        // The connection is out of any transaction: this one begins and rolls back on its own.
        await c.query('begin');
        await c.query(`insert into ${table} (id, note) values (4, 'rolled back')`);
        await c.query('rollback');
        expect(await ids()).toEqual([1, 2, 3]);
      });
    });

    it('commits nothing when the statement fails: the transaction rolls back as usual', async () => {
      await withClient(async (c) => {
        await c.query('begin');
        await c.query(`insert into ${table} (id, note) values (10, 'earlier in the transaction')`);
        // id 1 exists: the statement fails, and the COMMIT sent with it is skipped.
        await expect(c.query(insert, [1, 'duplicate'])).rejects.toThrow(/duplicate key/);
        await expect(c.query('select 1')).rejects.toThrow(/current transaction is aborted/);
        await c.query('rollback');
        expect(await ids()).not.toContain(10);
        // The connection goes on: the same text commits the next time.
        await c.query('begin');
        await c.query(insert, [11, 'after the failure']);
        await c.query('commit');
        expect(await ids()).toContain(11);
      });
    });

    it('only skips the commit that follows: a rollback after the statement is sent', async () => {
      await withClient(async (c, warnings) => {
        await c.query('begin');
        await c.query(insert, [20, 'kept']);
        // The caller failed after the statement: its rows are committed, and the rollback is
        // sent (PostgreSQL warns that no transaction is open) rather than taken as done.
        await c.query('rollback');
        expect(await ids()).toContain(20);
        expect(warnings.join('\n')).toMatch(/no transaction in progress/);
      });
    });

    it('sends BEGIN with the transaction’s first statement, not on its own', async () => {
      await withClient(async (c, warnings) => {
        await c.query('begin');
        expect(await stateOf(c)).toBe('idle');
        await c.query(`insert into ${table} (id, note) values ($1, $2)`, [30, 'first statement']);
        expect(await stateOf(c)).toBe('idle in transaction');
        await c.query(`insert into ${table} (id, note) values ($1, $2)`, [31, 'second statement']);
        expect(await ids()).not.toContain(30);
        await c.query('commit');
        expect(await ids()).toEqual(expect.arrayContaining([30, 31]));

        // A first statement that fails: the transaction began and rolls back as usual.
        await c.query('begin');
        await expect(
          c.query(`insert into ${table} (id, note) values ($1, $2)`, [30, 'again']),
        ).rejects.toThrow(/duplicate key/);
        expect(await stateOf(c)).toBe('idle in transaction (aborted)');
        await c.query('rollback');
        expect(await stateOf(c)).toBe('idle');

        // A transaction that never ran a statement sends nothing at all.
        await c.query('begin');
        await c.query('commit');
        await c.query('begin');
        await c.query('rollback');
        expect(await stateOf(c)).toBe('idle');
        expect(warnings).toEqual([]);
      });
    });

    it('sends a one-statement transaction, BEGIN, statement and COMMIT, in one message group', async () => {
      await withClient(async (c, warnings) => {
        await c.query('begin');
        expect((await c.query(insert, [40, 'alone'])).rows).toEqual([{ id: 40 }]);
        expect(await stateOf(c)).toBe('idle');
        expect(await ids()).toContain(40);
        await c.query('commit');
        expect(warnings).toEqual([]);
      });
    });

    it('answers the callback forms too, a BEGIN pending or not', async () => {
      await withClient(async (c) => {
        const call = (text: string, values?: unknown[]) =>
          new Promise<string>((resolve, reject) => {
            const done = (error: Error | null, result: { command: string }) =>
              error ? reject(error) : resolve(result.command);
            if (values) c.query(text, values, done);
            else c.query(text, done as never);
          });
        await c.query('begin');
        expect(await call('select 1')).toBe('SELECT');
        expect(await stateOf(c)).toBe('idle in transaction');
        expect(await call(`insert into ${table} (id, note) values ($1, $2)`, [60, 'callback'])).toBe(
          'INSERT',
        );
        await c.query('commit');
        expect(await ids()).toContain(60);
        expect(await stateOf(c)).toBe('idle');
      });
    });

    it('forgets a BEGIN not sent when its connection goes back to the app’s pool', async () => {
      const { db, destroy } = openDatabase(url, { poolSize: 1 });
      try {
        // A connection released in the middle of a transaction that never ran a statement.
        await db.connection().execute(async (conn) => {
          await sql`begin`.execute(conn);
        });
        await db.connection().execute(async (conn) => {
          // Without a transaction: committed at once, visible to everyone.
          await sql`insert into ${sql.table(table)} (id, note) values (${50}, ${'next user'})`.execute(conn);
          expect(await ids()).toContain(50);
        });
      } finally {
        await destroy();
      }
    });
  });
}
