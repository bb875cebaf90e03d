import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { migrations, renamedMigrations, unusedMigrationNumbers } from './migrations.js';

/**
 * Shipped migrations are frozen (decision 0050): a database that applied one never runs it again,
 * so an edit would make new databases differ from old ones without anyone seeing it. Each shipped
 * migration file and frozen helper has its SHA-256 in `migrations.checksums.json`; this test
 * fails when one changes, goes, or when a new one has no line yet.
 */
const folder = fileURLToPath(new URL('./migrations/', import.meta.url));
const listed = JSON.parse(readFileSync(new URL('./migrations.checksums.json', import.meta.url), 'utf8')) as {
  files: Record<string, string>;
};

/** The files the migrations are made of (tests beside them are not), as `a/b.ts` paths. */
function migrationFiles(dir = folder): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return migrationFiles(full);
    if (!entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) return [];
    return [path.relative(folder, full).split(path.sep).join('/')];
  });
}

/** SHA-256 of a file's text with its line endings as `\n` (a checkout on Windows is the same file). */
function checksum(file: string): string {
  const text = readFileSync(path.join(folder, file), 'utf8').replace(/\r\n?/g, '\n');
  return createHash('sha256').update(text).digest('hex');
}

const numberOf = (name: string) => name.slice(0, 4);

describe('shipped migrations are frozen (migrations.checksums.json)', () => {
  it('every shipped migration file and frozen helper has the text it shipped with', () => {
    const present = new Set(migrationFiles());
    const problems: string[] = [];
    for (const [file, sum] of Object.entries(listed.files)) {
      if (!present.has(file)) {
        problems.push(`${file} has shipped and is gone: a shipped migration is never removed or renamed.`);
      } else if (checksum(file) !== sum) {
        problems.push(
          `${file} changed after it shipped (sha256 ${checksum(file)}, shipped ${sum}). A shipped migration ` +
            'means the same thing forever: undo the change and write a new migration (decision 0050).',
        );
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('every migration file has its line (a new one is added with it)', () => {
    const missing = migrationFiles().filter((file) => !(file in listed.files));
    expect(
      missing,
      'A new migration file (or frozen helper) adds its line to apps/server/src/db/migrations.checksums.json:\n' +
        missing.map((file) => `    "${file}": "${checksum(file)}"`).join(',\n'),
    ).toEqual([]);
  });

  it('every registered migration has a file, and every shipped one is still registered', () => {
    const registered = Object.keys(migrations);
    const files = new Set(migrationFiles());
    expect(registered.filter((name) => !files.has(`${name}.ts`))).toEqual([]);
    const shipped = Object.keys(listed.files)
      .filter((file) => !file.includes('/'))
      .map((file) => file.replace(/\.ts$/, ''));
    // Shipped migrations keep their names and their order; new ones come after them.
    expect(registered.slice(0, shipped.length)).toEqual(shipped);
  });

  it('migrations import only Kysely and the frozen helpers beside them, never live code of the app', () => {
    const imports = migrationFiles().flatMap((file) => {
      const text = readFileSync(path.join(folder, file), 'utf8');
      return [...text.matchAll(/\bfrom\s+'([^']+)'|\bimport\s*\(\s*'([^']+)'/g)].map(
        (m) => `${file}: ${m[1] ?? m[2]}`,
      );
    });
    expect(imports.length).toBeGreaterThan(20);
    expect(
      imports.filter((i) => !/: (kysely|\.\/frozen\/[a-z0-9-]+\.js|\.\/[a-z0-9-]+\.js)$/.test(i)),
    ).toEqual([]);
  });

  it('numbers are never reused: each is new, after the last, and neither unused nor an old name', () => {
    const registered = Object.keys(migrations);
    for (const name of registered) expect(name).toMatch(/^\d{4}-[a-z0-9]+(-[a-z0-9]+)*$/);
    const numbers = registered.map(numberOf);
    // Strictly rising in the list's order: no number twice, none slipped in among older ones.
    expect(
      numbers.every((n, i) => i === 0 || n > numbers[i - 1]!),
      numbers.join(' '),
    ).toBe(true);
    expect(numbers.filter((n) => unusedMigrationNumbers.includes(n))).toEqual([]);
    const oldNames = new Set(renamedMigrations.map(([from]) => from));
    expect(registered.filter((name) => oldNames.has(name))).toEqual([]);
    // The renames of issue 16 were the last: a shipped migration keeps its name.
    expect(renamedMigrations.length).toBe(6);
  });
});
