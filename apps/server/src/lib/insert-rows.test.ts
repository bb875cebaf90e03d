import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineOf } from '../db/connection.js';
import { createMerchant } from '../test/fixtures.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { InsertBatch } from './insert-rows.js';
import { isUniqueViolation } from './sql.js';
import { onCitus } from '../db/distribution.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// One statement for the whole batch on PostgreSQL; on Citus (decision 0049) one per table, as on SQLite.
const postgres = () => engineOf(t.db as unknown as Kysely<unknown>) === 'postgres' && !onCitus();

/** The error a promise fails with, checked to be a unique-key refusal of `table`. */
async function refusedAsDuplicate(work: Promise<unknown>, table: string): Promise<void> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'the batch was written').not.toBeNull();
  expect(isUniqueViolation(error), String(error)).toBe(true);
  // SQLite: "UNIQUE constraint failed: rate_limits.key, …"; PostgreSQL names the key "rate_limits_pkey".
  expect((error as Error).message).toMatch(new RegExp(`\\b${table}[._]`));
}

const audit = (id: string) => ({
  id,
  store_id: 's1',
  actor_type: 'system' as const,
  actor_id: null,
  actor_name: null,
  action: 'test.batch',
  entity: 'order',
  entity_id: null,
  summary: `row ${id}`,
  before: null,
  after: null,
  ip: null,
  user_agent: null,
  created_at: '2026-11-23T10:00:00.000Z',
});

const limit = (key: string) => ({ key, window_start: 1, count: 2 });

async function auditIds(prefix: string): Promise<string[]> {
  const rows = await t.db
    .selectFrom('audits')
    .select('id')
    .where('id', 'like', `${prefix}%`)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

describe('InsertBatch', () => {
  it('writes the rows of every table; on PostgreSQL in one statement', async () => {
    const before = t.statements();
    await new InsertBatch()
      .add('audits', [audit('a-1'), audit('a-2')])
      .add('rate_limits', [limit('batch-1')])
      .add('audits', [audit('a-3')])
      .flush(t.db);
    expect(t.statements() - before).toBe(postgres() ? 1 : 3);
    expect(await auditIds('a-')).toEqual(['a-1', 'a-2', 'a-3']);
    const limits = await t.db.selectFrom('rate_limits').selectAll().where('key', '=', 'batch-1').execute();
    expect(limits).toEqual([{ key: 'batch-1', window_start: 1, count: 2 }]);
  });

  it('writes nothing of the batch when one of its rows is refused, in the caller transaction', async () => {
    await refusedAsDuplicate(
      t.db.transaction().execute(async (trx) => {
        await new InsertBatch()
          .add('audits', [audit('b-1')])
          .add('rate_limits', [limit('batch-2'), limit('batch-2')])
          .flush(trx);
      }),
      'rate_limits',
    );
    expect(await auditIds('b-')).toEqual([]);
    expect(await t.db.selectFrom('rate_limits').select('key').where('key', '=', 'batch-2').execute()).toEqual(
      [],
    );
  });

  it('writes a batch too big for one statement table by table, every row included', async () => {
    const rows = Array.from({ length: 2500 }, (_, i) => audit(`c-${String(i).padStart(5, '0')}`));
    const before = t.statements();
    await new InsertBatch()
      .add('audits', rows)
      .add('rate_limits', [limit('batch-3')])
      .flush(t.db);
    // 2,500 rows of 14 columns are 35,000 values: above the limit of one statement.
    expect(t.statements() - before).toBe(3);
    expect((await auditIds('c-')).length).toBe(2500);
  });

  it('takes the store numbers and puts them wherever their stand-ins are, alone or in text', async () => {
    const merchant = await createMerchant(t);
    const sequences = [
      { counter: 'test.a', prefix: 'A-', width: 3 },
      { counter: 'test.b', prefix: 'B-', width: 6 },
    ];
    for (const round of [1, 2]) {
      const batch = new InsertBatch();
      const [a, b] = batch.numbers(merchant.storeId, sequences);
      const before = t.statements();
      batch.add('audits', [{ ...audit(`e-${round}`), summary: `${a} then ${b}`, entity_id: a! }]);
      const numbers = await batch.flush(t.db);
      expect(t.statements() - before).toBe(postgres() ? 1 : 2);
      expect(Object.fromEntries(numbers)).toEqual({ 'test.a': `A-00${round}`, 'test.b': `B-00000${round}` });
      const row = await t.db
        .selectFrom('audits')
        .select(['summary', 'entity_id'])
        .where('id', '=', `e-${round}`)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ summary: `A-00${round} then B-00000${round}`, entity_id: `A-00${round}` });
    }
    // A batch too big for one statement takes its numbers first, then writes its rows.
    const batch = new InsertBatch();
    const [a] = batch.numbers(merchant.storeId, sequences.slice(0, 1));
    batch.add(
      'audits',
      Array.from({ length: 2500 }, (_, i) => ({
        ...audit(`f-${String(i).padStart(5, '0')}`),
        summary: `${a}`,
      })),
    );
    expect((await batch.flush(t.db)).get('test.a')).toBe('A-003');
    const summaries = await t.db
      .selectFrom('audits')
      .select('summary')
      .where('id', 'like', 'f-%')
      .distinct()
      .execute();
    expect(summaries).toEqual([{ summary: 'A-003' }]);
    expect(() => {
      const twice = new InsertBatch();
      twice.numbers(merchant.storeId, sequences);
      twice.numbers(merchant.storeId, sequences);
    }).toThrow('once');
  });

  it('updates rows with the inserts, numbers put in; in the transaction, as its last statement', async () => {
    const merchant = await createMerchant(t);
    await t.db.insertInto('rate_limits').values(limit('batch-u')).execute();
    await t.db.insertInto('audits').values(audit('u-0')).execute();
    const batch = new InsertBatch();
    const [a] = batch.numbers(merchant.storeId, [{ counter: 'test.u', prefix: 'U-', width: 4 }]);
    batch
      .add('audits', [{ ...audit('u-1'), summary: `${a}` }])
      .update('audits', { summary: `answer ${a}`, entity_id: 'updated' }, { id: 'u-0', action: 'test.batch' })
      .update('rate_limits', { count: 7 }, { key: 'batch-u' });
    const before = t.statements();
    await t.db.transaction().execute(async (trx) => {
      await batch.flush(trx, { last: true });
    });
    expect(t.statements() - before).toBe(postgres() ? 1 : 4);
    const rows = await t.db
      .selectFrom('audits')
      .select(['id', 'summary', 'entity_id'])
      .where('id', 'in', ['u-0', 'u-1'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 'u-0', summary: 'answer U-0001', entity_id: 'updated' },
      { id: 'u-1', summary: 'U-0001', entity_id: null },
    ]);
    const limits = await t.db
      .selectFrom('rate_limits')
      .select('count')
      .where('key', '=', 'batch-u')
      .execute();
    expect(limits).toEqual([{ count: 7 }]);
    // A refused row: nothing of the batch is written, the update included.
    await refusedAsDuplicate(
      t.db.transaction().execute(async (trx) => {
        await new InsertBatch()
          .update('rate_limits', { count: 8 }, { key: 'batch-u' })
          .add('audits', [audit('u-1')])
          .flush(trx, { last: true });
      }),
      'audits',
    );
    expect(
      await t.db.selectFrom('rate_limits').select('count').where('key', '=', 'batch-u').execute(),
    ).toEqual([{ count: 7 }]);
    expect(() => new InsertBatch().update('audits', {}, { id: 'u-0' })).toThrow('sets a column');
    expect(() => new InsertBatch().update('audits', { summary: 'b' }, { summary: 'a' })).toThrow(
      'cannot set',
    );
  });

  it('empties itself when flushed, and an empty batch runs no statement', async () => {
    const batch = new InsertBatch().add('audits', [audit('d-1')]).add('audits', []);
    expect(batch.size).toBe(1);
    await batch.flush(t.db);
    expect(batch.size).toBe(0);
    const before = t.statements();
    await batch.flush(t.db);
    const noNumbers = new InsertBatch();
    expect(noNumbers.numbers('any-store', [])).toEqual([]);
    expect((await noNumbers.flush(t.db)).size).toBe(0);
    expect(t.statements()).toBe(before);
    expect(await auditIds('d-')).toEqual(['d-1']);
  });
});
