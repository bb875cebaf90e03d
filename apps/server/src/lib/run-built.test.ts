import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { placeholders, runBuilt } from './sql.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('runBuilt', () => {
  it('builds a statement once per shape and binds each call its own parameters', async () => {
    let builds = 0;
    const add = (a: number, b: number) =>
      runBuilt<{ n: number | string }>(
        t.db,
        'test.add',
        () => {
          builds++;
          return sql<{ n: number | string }>`select cast(${a} as integer) + cast(${b} as integer) as n`;
        },
        [a, b],
      );
    expect(Number((await add(1, 2)).rows[0]!.n)).toBe(3);
    expect(Number((await add(40, 2)).rows[0]!.n)).toBe(42);
    expect(builds).toBe(1);
  });

  it('refuses parameters other than those the built statement binds', async () => {
    await expect(
      runBuilt(t.db, 'test.mismatch', () => sql`select ${1} as a, ${2} as b`, [2, 1]),
    ).rejects.toThrow(/binds other parameters/);
    await expect(runBuilt(t.db, 'test.fewer', () => sql`select ${1} as a`, [])).rejects.toThrow(
      /binds other parameters/,
    );
  });
});

describe('placeholders', () => {
  it('lists one placeholder per value', () => {
    expect(placeholders(1)).toBe('?');
    expect(placeholders(3)).toBe('?, ?, ?');
    expect(placeholders(0)).toBe('');
  });
});
