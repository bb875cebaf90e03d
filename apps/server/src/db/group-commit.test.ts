import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './connection.js';

const dir = mkdtempSync(path.join(tmpdir(), 'tillbook-group-commit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;

/** A database with table t, and a second connection that sees only what was committed. */
async function setUp(groupCommit: boolean) {
  const file = path.join(dir, `${++files}.db`);
  const handle = openDatabase(`sqlite:${file}`, { groupCommit });
  const db = handle.db as unknown as Kysely<{ t: { id: number; body: string } }>;
  await sql`create table t (id integer primary key, body text not null)`.execute(db);
  await sql`create table parent (id integer primary key)`.execute(db);
  await sql`create table child (id integer primary key, parent_id integer not null
    references parent (id) deferrable initially deferred)`.execute(db);
  const other = new BetterSqlite3(file, { readonly: true });
  const committed = () =>
    (other.prepare('select id from t order by id').all() as Array<{ id: number }>).map((r) => r.id);
  return {
    handle,
    db,
    file,
    committed,
    close: async () => {
      other.close();
      await (handle as DatabaseHandle).destroy();
    },
  };
}

const insert = (db: Kysely<{ t: { id: number; body: string } }>, id: number) =>
  db
    .insertInto('t')
    .values({ id, body: `row ${id}` })
    .execute();

describe('SQLite group commit', () => {
  it('commits transactions that run together in one COMMIT, each caller waiting for it', async () => {
    const { db, committed, close } = await setUp(true);
    const seenInsideSecond: number[][] = [];
    const seenWhenDone: number[][] = [];
    await Promise.all([
      db
        .transaction()
        .execute((trx) => insert(trx, 1))
        .then(() => seenWhenDone.push(committed())),
      db
        .transaction()
        .execute(async (trx) => {
          // The first transaction is done but its group has not committed yet.
          seenInsideSecond.push(committed());
          await insert(trx, 2);
        })
        .then(() => seenWhenDone.push(committed())),
    ]);
    expect(seenInsideSecond).toEqual([[]]);
    // Neither caller heard back before both rows were committed.
    expect(seenWhenDone).toEqual([
      [1, 2],
      [1, 2],
    ]);
    await close();
  });

  it('without group commit, each transaction commits on its own (the check above can fail)', async () => {
    const { db, committed, close } = await setUp(false);
    const seenInsideSecond: number[][] = [];
    await Promise.all([
      db.transaction().execute((trx) => insert(trx, 1)),
      db.transaction().execute(async (trx) => {
        seenInsideSecond.push(committed());
        await insert(trx, 2);
      }),
    ]);
    expect(seenInsideSecond).toEqual([[1]]);
    expect(committed()).toEqual([1, 2]);
    await close();
  });

  it('rolls back only the transaction that failed; the rest of its group commits', async () => {
    const { db, committed, close } = await setUp(true);
    const results = await Promise.allSettled([
      db.transaction().execute((trx) => insert(trx, 1)),
      db.transaction().execute(async (trx) => {
        await insert(trx, 2);
        throw new Error('out of stock');
      }),
      db.transaction().execute(async (trx) => {
        await insert(trx, 3);
        await insert(trx, 1); // duplicate key: this transaction fails
      }),
      db.transaction().execute((trx) => insert(trx, 4)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect(committed()).toEqual([1, 4]);
    await close();
  });

  it('makes a write outside a transaction wait for the group it joined', async () => {
    const { db, committed, close } = await setUp(true);
    const seen: number[][] = [];
    await Promise.all([
      db.transaction().execute((trx) => insert(trx, 1)),
      insert(db, 2).then(() => seen.push(committed())),
    ]);
    expect(seen).toEqual([[1, 2]]);
    await close();
  });

  it('fails every transaction of a group whose COMMIT fails, keeps none of it, and goes on', async () => {
    const { db, committed, close } = await setUp(true);
    const results = await Promise.allSettled([
      db.transaction().execute((trx) => insert(trx, 1)),
      // A deferred foreign key is checked only at COMMIT: the whole group's COMMIT fails.
      db.transaction().execute((trx) => sql`insert into child (id, parent_id) values (1, 99)`.execute(trx)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(committed()).toEqual([]);
    await db.transaction().execute((trx) => insert(trx, 5));
    expect(committed()).toEqual([5]);
    await close();
  });

  it('keeps the books under many concurrent transfers: nothing lost, nothing doubled', async () => {
    const { db: raw, close } = await setUp(true);
    const db = raw as unknown as Kysely<{ account: { id: number; balance: number } }>;
    await sql`create table account (id integer primary key, balance integer not null check (balance >= 0))`.execute(
      db,
    );
    await sql`insert into account (id, balance) values (1, 100), (2, 0)`.execute(db);
    // 150 transfers of 1 from an account holding 100: exactly 100 can succeed.
    const results = await Promise.allSettled(
      Array.from({ length: 150 }, () =>
        db.transaction().execute(async (trx) => {
          const taken =
            await sql`update account set balance = balance - 1 where id = 1 and balance >= 1`.execute(trx);
          if (Number(taken.numAffectedRows) !== 1) throw new Error('insufficient funds');
          await sql`update account set balance = balance + 1 where id = 2`.execute(trx);
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(100);
    const balances = await sql<{
      id: number;
      balance: number;
    }>`select id, balance from account order by id`.execute(db);
    expect(balances.rows).toEqual([
      { id: 1, balance: 0 },
      { id: 2, balance: 100 },
    ]);
    await close();
  });
});

describe('SQLite group commit, one connection scope', () => {
  it('lets a connection scope go on after its write waited for a group', async () => {
    const { db, committed, close } = await setUp(true);
    const [, ids] = await Promise.all([
      db.transaction().execute((trx) => insert(trx, 1)),
      db.connection().execute(async (conn) => {
        await insert(conn, 2);
        await insert(conn, 3);
        return (await conn.selectFrom('t').select('id').orderBy('id').execute()).map((r) => r.id);
      }),
    ]);
    expect(ids).toEqual([1, 2, 3]);
    expect(committed()).toEqual([1, 2, 3]);
    await close();
  });
  it('rolls back a failed transaction of a connection scope whose earlier write waited for a group', async () => {
    const { db, close, file } = await setUp(true);
    await Promise.all([
      db.transaction().execute((trx) => insert(trx, 1)),
      db.connection().execute(async (conn) => {
        await insert(conn, 2);
        await expect(
          conn.transaction().execute(async (trx) => {
            await insert(trx, 3);
            throw new Error('refused');
          }),
        ).rejects.toThrow('refused');
      }),
    ]);
    await close();
    // Read after the database is closed: anything the failed transaction left would be committed by now.
    const after = new BetterSqlite3(file, { readonly: true });
    expect(after.prepare('select id from t order by id').all()).toEqual([{ id: 1 }, { id: 2 }]);
    after.close();
  });
});

describe('SQLite group commit, the write lock', () => {
  it('is let go after a group whose only transaction failed', async () => {
    const file = path.join(dir, 'lock.db');
    const handle = openDatabase(`sqlite:${file}`, { groupCommit: true });
    const db = handle.db as unknown as Kysely<{ t: { id: number; body: string } }>;
    await sql`create table t (id integer primary key, body text not null)`.execute(db);
    await expect(
      db.transaction().execute(async (trx) => {
        await insert(trx, 1);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await new Promise((resolve) => setImmediate(resolve));
    // Another process can write now: the group's write transaction is closed.
    const other = new BetterSqlite3(file, { timeout: 0 });
    other.prepare("insert into t (id, body) values (2, 'from another process')").run();
    other.close();
    const rows = await db.selectFrom('t').select('id').execute();
    expect(rows.map((r) => r.id)).toEqual([2]);
    await handle.destroy();
  });
});
