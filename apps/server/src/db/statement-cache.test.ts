import BetterSqlite3 from 'better-sqlite3';
import { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { CachedSqliteConnection, rowMakerFor } from './sqlite-dialect.js';

const text = (n: number) => `select ${n} as n`;

describe('the SQLite statement cache', () => {
  it('reuses a prepared statement for the same text', () => {
    const db = new BetterSqlite3(':memory:');
    const connection = new CachedSqliteConnection(db, 4);
    const first = connection.prepare(text(1));
    // A text built anew (not the same string object) still finds the cached statement.
    expect(connection.prepare(['select 1', 'as n'].join(' '))).toBe(first);
    expect(connection.cachedCount).toBe(1);
    db.close();
  });

  it('holds at most its capacity and evicts a statement not used since the last sweep', () => {
    const db = new BetterSqlite3(':memory:');
    const connection = new CachedSqliteConnection(db, 4);
    for (let n = 1; n <= 4; n++) connection.prepare(text(n));
    // 1 and 3 are used again; 2 and 4 are not.
    connection.prepare(text(1));
    connection.prepare(text(3));
    connection.prepare(text(5));
    expect(connection.cachedCount).toBe(4);
    expect(connection.isCached(text(2))).toBe(false);
    expect([1, 3, 4, 5].map((n) => connection.isCached(text(n)))).toEqual([true, true, true, true]);
    connection.prepare(text(6));
    expect(connection.cachedCount).toBe(4);
    expect(connection.isCached(text(4))).toBe(false);
    // A statement used between sweeps keeps its place however old it is.
    connection.prepare(text(1));
    for (let n = 7; n <= 9; n++) connection.prepare(text(n));
    expect(connection.isCached(text(1))).toBe(true);
    expect(connection.cachedCount).toBe(4);
    db.close();
  });

  it('evicts even when every statement was used (each gets one second chance)', () => {
    const db = new BetterSqlite3(':memory:');
    const connection = new CachedSqliteConnection(db, 3);
    for (let n = 1; n <= 3; n++) connection.prepare(text(n));
    for (let n = 1; n <= 3; n++) connection.prepare(text(n));
    connection.prepare(text(4));
    expect(connection.cachedCount).toBe(3);
    expect(connection.isCached(text(1))).toBe(false);
    expect(connection.isCached(text(4))).toBe(true);
    db.close();
  });
});

describe('rows read through the statement cache', () => {
  const read = (connection: CachedSqliteConnection, sql: string, parameters: unknown[] = []) =>
    connection.run<Record<string, unknown>>(CompiledQuery.raw(sql, parameters)).result.rows;

  it('are the objects better-sqlite3 makes: same keys in the same order, same values', () => {
    const db = new BetterSqlite3(':memory:');
    db.exec(
      `create table t (id integer primary key, name text, price integer, note text, data blob, at real)`,
    );
    db.prepare('insert into t values (?, ?, ?, ?, ?, ?)').run(
      1,
      'Garri 1kg',
      150_000,
      null,
      Buffer.from([1, 2]),
      1.5,
    );
    db.prepare('insert into t values (?, ?, ?, ?, ?, ?)').run(2, 'Rice "50kg"', 9_000_000, "o'k", null, -2);
    const connection = new CachedSqliteConnection(db);
    const sql =
      'select id, name, price, note, data, at, price * 2 as "double price" from t where id >= ? order by id';
    const expected = db.prepare(sql).all(1);
    const rows = read(connection, sql, [1]);
    expect(rows).toEqual(expected);
    expect(rows.map((r) => Object.keys(r))).toEqual(expected.map((r) => Object.keys(r as object)));
    // Read again from the cached statement, and with no row at all.
    expect(read(connection, sql, [2])).toEqual([expected[1]]);
    expect(read(connection, sql, [3])).toEqual([]);
    db.close();
  });

  it('keep the last value of a repeated column name, as better-sqlite3 does', () => {
    const db = new BetterSqlite3(':memory:');
    const connection = new CachedSqliteConnection(db);
    const sql = `select 1 as a, 2 as b, 3 as a`;
    expect(read(connection, sql)).toEqual(db.prepare(sql).all());
    expect(read(connection, sql)).toEqual([{ a: 3, b: 2 }]);
    db.close();
  });

  it("never let a column name change an object's prototype", () => {
    const db = new BetterSqlite3(':memory:');
    const connection = new CachedSqliteConnection(db);
    expect(rowMakerFor(['id', '__proto__'])).toBeNull();
    const [row] = read(connection, `select 1 as id, 'x' as "__proto__", 'y' as "constructor"`);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(row!.id).toBe(1);
    expect(row!.constructor).toBe('y');
    db.close();
  });

  it('take names that are not identifiers as plain keys', () => {
    const make = rowMakerFor(['a"b', 'c\\d', 'e}f', "g'h", 'line\nbreak', '1']);
    expect(make!(['1', '2', '3', '4', '5', '6'])).toEqual({
      'a"b': '1',
      'c\\d': '2',
      'e}f': '3',
      "g'h": '4',
      'line\nbreak': '5',
      1: '6',
    });
  });
});
