/* eslint-disable @typescript-eslint/no-explicit-any -- the migrator works on any schema */
import { Migrator, sql, type Kysely } from 'kysely';
import { engineOf } from './connection.js';
import { migrations } from './migrations.js';

/**
 * On PostgreSQL, the schema the connection works in (its search_path's first), so the migrator
 * keeps its tables there and never mistakes another schema's migration tables for its own.
 */
async function workingSchema(db: Kysely<any>, given?: string): Promise<string | undefined> {
  if (given || engineOf(db) !== 'postgres') return given;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

/**
 * `schema` names the PostgreSQL schema of the migration tables when the connection works in one
 * (tests): without it Kysely looks for them in every schema and takes another schema's for its own.
 */
export function createMigrator(db: Kysely<any>, schema?: string): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<string[]> {
  const { error, results } = await createMigrator(db, await workingSchema(db, schema)).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** True while a known migration has not been applied (for the readiness check). */
export async function migrationsPending(db: Kysely<any>): Promise<boolean> {
  const list = await createMigrator(db, await workingSchema(db)).getMigrations();
  return list.some((m) => !m.executedAt);
}
