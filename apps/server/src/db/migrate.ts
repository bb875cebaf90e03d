/* eslint-disable @typescript-eslint/no-explicit-any -- the migrator works on any schema */
import { Migrator, sql, type Kysely } from 'kysely';
import { engineOf } from './connection.js';
import { ensureDistributed } from './distribution.js';
import { migrations, renamedMigrations } from './migrations.js';

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

/** Kysely's table of applied migrations (its default name). */
const MIGRATION_TABLE = 'kysely_migration';

/**
 * Gives the migrations a database recorded under their old names (`renamedMigrations`) their
 * names now. Without it the migrator would take the old names for migrations that vanished and
 * refuse to run. Each rename is conditional, so processes starting together do no harm.
 */
export async function renameRecordedMigrations(db: Kysely<any>, schema?: string): Promise<number> {
  const table = schema ? sql.id(schema, MIGRATION_TABLE) : sql.id(MIGRATION_TABLE);
  if (!(await migrationTableExists(db, schema))) return 0;
  return db.transaction().execute(async (trx) => {
    let renamed = 0;
    for (const [from, to] of renamedMigrations) {
      const result = await sql`update ${table} set name = ${to} where name = ${from}`.execute(trx);
      renamed += Number(result.numAffectedRows ?? 0);
    }
    return renamed;
  });
}

async function migrationTableExists(db: Kysely<any>, schema?: string): Promise<boolean> {
  if (engineOf(db) === 'postgres') {
    const name = schema ? `"${schema.replaceAll('"', '""')}".${MIGRATION_TABLE}` : MIGRATION_TABLE;
    const { rows } = await sql<{ t: string | null }>`select to_regclass(${name})::text as t`.execute(db);
    return Boolean(rows[0]?.t);
  }
  const { rows } =
    await sql`select 1 from sqlite_master where type = 'table' and name = ${MIGRATION_TABLE}`.execute(db);
  return rows.length > 0;
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<string[]> {
  const working = await workingSchema(db, schema);
  await renameRecordedMigrations(db, working);
  const { error, results } = await createMigrator(db, working).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
  // A database migrated before Citus was installed into it is distributed now (decision 0049).
  await ensureDistributed(db);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** True while a known migration has not been applied (for the readiness check). */
export async function migrationsPending(db: Kysely<any>): Promise<boolean> {
  const list = await createMigrator(db, await workingSchema(db)).getMigrations();
  return list.some((m) => !m.executedAt);
}
