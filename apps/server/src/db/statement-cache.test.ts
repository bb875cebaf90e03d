import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { CachedSqliteConnection } from './sqlite-dialect.js';

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
