import { DummyDriver, Kysely, sql, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import { limitCount, toPostgresPlaceholders, uniqueViolationText } from './sql.js';

const db = new Kysely<Record<string, never>>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new SqliteIntrospector(k),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

describe('limitCount', () => {
  it('writes the count into the SQL and keeps the offset a parameter', () => {
    const q = sql`select id from t limit ${limitCount(25)} offset ${40}`.compile(db);
    expect(q.sql).toBe('select id from t limit 25 offset ?');
    expect(q.parameters).toEqual([40]);
  });

  it('refuses anything but a whole, non-negative number', () => {
    for (const bad of [-1, 2.5, Number.NaN, Number.MAX_SAFE_INTEGER + 2]) {
      expect(() => limitCount(bad)).toThrow(RangeError);
    }
  });
});

describe('toPostgresPlaceholders', () => {
  it('numbers the placeholders in order', () => {
    expect(toPostgresPlaceholders('update t set a = a + ? where id = ? and b >= ?')).toBe(
      'update t set a = a + $1 where id = $2 and b >= $3',
    );
    expect(toPostgresPlaceholders('select 1')).toBe('select 1');
  });
});

describe('uniqueViolationText', () => {
  it('names the refused key on PostgreSQL, on Citus (no constraint field) and on SQLite', () => {
    expect(uniqueViolationText({ code: '23505', constraint: 'customers_store_phone_key' })).toBe(
      'customers_store_phone_key',
    );
    // As Citus relays a worker's refusal (checked against a local cluster): no `constraint`.
    const citus = {
      code: '23505',
      message: 'duplicate key value violates unique constraint "customers_store_phone_key_102029"',
      detail: 'Key (store_id, phone_number)=(s1, 080) already exists.',
    };
    expect(uniqueViolationText(citus)).toContain('customers_store_phone_key_102029');
    expect(
      uniqueViolationText({
        code: 'SQLITE_CONSTRAINT_UNIQUE',
        message: 'UNIQUE constraint failed: customers.store_id, customers.phone_number',
      }),
    ).toContain('phone_number');
    expect(uniqueViolationText(new Error('boom'))).toBe('');
  });
});
