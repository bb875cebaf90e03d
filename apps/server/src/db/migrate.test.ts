import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator, sql, type Migration } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './connection.js';
import { migrateToLatest, migrationsPending, renameRecordedMigrations } from './migrate.js';
import { migrations } from './migrations.js';

/** The names databases recorded before the migrations were renumbered (issue 16), in order. */
const OLD_NAMES = [
  '0001-platform',
  '0002-catalogue',
  '0003-catalogue-search',
  '0003-sales',
  '0004-catalogue-stock-state',
  '0005-purchasing',
  '0006-shipping-tax',
  '0007-access-hardening',
  '0008-hardening',
];
const NEW_NAMES = Object.keys(migrations);
/** Migrations added after the renumbering: a database of any older release runs them. */
const ADDED_SINCE = NEW_NAMES.slice(OLD_NAMES.length);

/** The migration list as the previous release registered it: the same migrations, old names. */
function oldList(upTo: number): Record<string, Migration> {
  return Object.fromEntries(OLD_NAMES.slice(0, upTo).map((name, i) => [name, migrations[NEW_NAMES[i]!]!]));
}

const pgUrl = process.env.TEST_DATABASE_URL;
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A fresh, empty database of the engine this test pass runs on, and its schema on PostgreSQL. */
async function freshDatabase(): Promise<{ handle: DatabaseHandle; schema?: string }> {
  if (pgUrl) {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const handle = openDatabase(pgUrl, { schema, poolSize: 2 });
    cleanups.push(async () => {
      await handle.destroy();
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    });
    return { handle, schema };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'tillbook-migrate-'));
  const handle = openDatabase(`sqlite:${path.join(dir, 'old.db')}`);
  cleanups.push(async () => {
    await handle.destroy();
    rmSync(dir, { recursive: true, force: true });
  });
  return { handle };
}

async function migrateAsBefore(handle: DatabaseHandle, schema: string | undefined, upTo: number) {
  const { error } = await new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => oldList(upTo) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  }).migrateToLatest();
  if (error) throw error;
}

async function recorded(handle: DatabaseHandle) {
  const { rows } = await sql<{
    name: string;
    timestamp: string;
  }>`select name, timestamp from kysely_migration order by name`.execute(handle.db);
  return rows;
}

describe(`renumbered migrations on a database migrated under the old names (${pgUrl ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('renames what was applied and runs only the migrations added since', async () => {
    const { handle, schema } = await freshDatabase();
    await migrateAsBefore(handle, schema, OLD_NAMES.length);
    const before = await recorded(handle);
    expect(before.map((r) => r.name)).toEqual([...OLD_NAMES].sort());

    expect(await migrateToLatest(handle.db, schema)).toEqual(ADDED_SINCE);

    const after = await recorded(handle);
    expect(after.map((r) => r.name)).toEqual(NEW_NAMES);
    // The times each migration was applied are kept: renamed, not run again.
    const time = (rows: typeof before, name: string) => String(rows.find((r) => r.name === name)?.timestamp);
    expect(time(after, '0004-sales')).toBe(time(before, '0003-sales'));
    expect(time(after, '0009-hardening')).toBe(time(before, '0008-hardening'));
    expect(await migrationsPending(handle.db)).toBe(false);
    // Running it again renames nothing.
    expect(await renameRecordedMigrations(handle.db, schema)).toBe(0);
  });

  it('applies the migrations an older database lacks under their new names', async () => {
    const { handle, schema } = await freshDatabase();
    // Migrated by a release that had migrations up to 0005-purchasing (old name).
    await migrateAsBefore(handle, schema, 6);
    expect(await migrateToLatest(handle.db, schema)).toEqual([
      '0007-shipping-tax',
      '0008-access-hardening',
      '0009-hardening',
      ...ADDED_SINCE,
    ]);
    expect((await recorded(handle)).map((r) => r.name)).toEqual(NEW_NAMES);
    // The tables of the migrations just run are there.
    await sql`select count(*) from shipping_rates`.execute(handle.db);
  });

  it('migrates an empty database under the new names only', async () => {
    const { handle, schema } = await freshDatabase();
    expect(await renameRecordedMigrations(handle.db, schema)).toBe(0);
    expect(await migrateToLatest(handle.db, schema)).toEqual(NEW_NAMES);
    expect((await recorded(handle)).map((r) => r.name)).toEqual(NEW_NAMES);
  });
});
