import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { startCheckpointer } from './checkpointer.js';
import { openDatabase } from './connection.js';

const dir = mkdtempSync(path.join(tmpdir(), 'tillbook-checkpoint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const walFrames = (file: string) => {
  const probe = new BetterSqlite3(file);
  try {
    // A PASSIVE checkpoint of an already checkpointed WAL reports log = checkpointed.
    const [r] = probe.pragma('wal_checkpoint(PASSIVE)') as Array<{ log: number; checkpointed: number }>;
    return r!;
  } finally {
    probe.close();
  }
};

describe('background WAL checkpoints', () => {
  it('copies committed pages into the database file without the writer checkpointing', async () => {
    const file = path.join(dir, 'a.db');
    const database = openDatabase(`sqlite:${file}`, { backgroundCheckpoint: true });
    await sql`create table t (id integer primary key, body text)`.execute(database.db);
    const before = statSync(file).size;
    for (let i = 0; i < 200; i++) {
      await sql`insert into t (body) values (${'x'.repeat(2000)})`.execute(database.db);
    }
    // The writer's own threshold is far above what these inserts wrote, so only the worker
    // can have grown the database file.
    await expect.poll(() => statSync(file).size, { timeout: 5000 }).toBeGreaterThan(before + 200 * 2000);
    await database.destroy();
    const { n } = new BetterSqlite3(file).prepare('select count(*) as n from t').get() as { n: number };
    expect(n).toBe(200);
  });

  it('reports each checkpoint and stops when asked, leaving the WAL fully copied', async () => {
    const file = path.join(dir, 'b.db');
    const db = new BetterSqlite3(file);
    db.pragma('journal_mode = WAL');
    db.pragma('wal_autocheckpoint = 0');
    db.exec('create table t (id integer primary key, body text)');
    const seen: Array<{ log: number; checkpointed: number }> = [];
    const checkpointer = startCheckpointer(file, { intervalMs: 5, onCheckpoint: (r) => seen.push(r) });
    const insert = db.prepare('insert into t (body) values (?)');
    for (let i = 0; i < 100; i++) insert.run('y'.repeat(1000));
    await expect
      .poll(() => seen.some((r) => r.log > 0 && r.checkpointed === r.log), { timeout: 5000 })
      .toBe(true);
    await checkpointer.stop();
    await checkpointer.stop();
    const frames = walFrames(file);
    expect(frames.checkpointed).toBe(frames.log);
    db.close();
  });

  it('says when it cannot open the database, and still stops', async () => {
    const errors: string[] = [];
    const checkpointer = startCheckpointer(path.join(dir, 'missing', 'nope.db'), {
      onError: (m) => errors.push(m),
    });
    await expect.poll(() => errors.length, { timeout: 5000 }).toBeGreaterThan(0);
    await checkpointer.stop();
  });
});
