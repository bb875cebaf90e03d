import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './connection.js';
import { generateDatabaseTypes, GENERATED_FILE } from './db-types.js';
import { migrateToLatest } from './migrate.js';

/** Table → column names, read from the `DB` interface of generated.ts and the interfaces it names. */
function generatedColumns(text: string): Map<string, string[]> {
  const interfaces = new Map<string, string[]>();
  for (const m of text.matchAll(/^export interface (\w+) \{\n([^}]*)\n\}/gm)) {
    interfaces.set(
      m[1]!,
      [...m[2]!.matchAll(/^ {2}(\w+): (\w+)/gm)].map((p) => `${p[1]}:${p[2]}`),
    );
  }
  const tables = new Map<string, string[]>();
  for (const entry of interfaces.get('DB') ?? []) {
    const [table, name] = entry.split(':') as [string, string];
    tables.set(table, (interfaces.get(name) ?? []).map((c) => c.split(':')[0]!).sort());
  }
  return tables;
}

const pgUrl = process.env.TEST_DATABASE_URL;

describe('generated table types (decision 0054)', () => {
  const checkedIn = readFileSync(GENERATED_FILE, 'utf8');

  it('name every table and column the migrations make (on the engine under test)', async () => {
    const handle = openDatabase(pgUrl ?? 'sqlite::memory:', pgUrl ? { schema: `gen_${process.pid}` } : {});
    try {
      if (pgUrl) await handle.db.schema.createSchema(`gen_${process.pid}`).ifNotExists().execute();
      await migrateToLatest(handle.db, pgUrl ? `gen_${process.pid}` : undefined);
      // PostgreSQL lists the tables of every schema of the database; only this file's count.
      const tables = (await handle.db.introspection.getTables()).filter(
        (t) => !pgUrl || t.schema === `gen_${process.pid}`,
      );
      const migrated = new Map(tables.map((t) => [t.name, t.columns.map((c) => c.name).sort()]));
      const generated = generatedColumns(checkedIn);
      expect(generated.size).toBeGreaterThan(50);
      expect(Object.fromEntries(generated)).toEqual(Object.fromEntries(migrated));
    } finally {
      if (pgUrl) await handle.db.schema.dropSchema(`gen_${process.pid}`).ifExists().cascade().execute();
      await handle.destroy();
    }
  });

  // Types and nullability are PostgreSQL's, so the whole file is compared there (CI runs the
  // suite on both engines): run `npm run db:types -w @tillbook/server` when this fails.
  if (pgUrl?.startsWith('postgres')) {
    it('equal a fresh generation from PostgreSQL', async () => {
      expect(await generateDatabaseTypes(pgUrl)).toBe(checkedIn);
    });
  }
});
