// Shared by the catalogue benchmark scripts: where the data lives and how to reach it.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { CompiledQuery, LogEvent } from 'kysely';
import type * as AppModule from '../../apps/server/src/app.js';
import type * as ConfigModule from '../../apps/server/src/config.js';
import type * as ConnectionModule from '../../apps/server/src/db/connection.js';
import type { DatabaseHandle } from '../../apps/server/src/db/connection.js';
import type * as MigrateModule from '../../apps/server/src/db/migrate.js';

/**
 * The server code the scripts run. BENCH_SERVER_BUILD=1 takes the compiled `apps/server/dist`,
 * which is what `npm start` runs; the default is the TypeScript source through tsx, whose
 * transform adds work of its own to every function a request creates (its `__name` helper), so
 * throughput is measured on the build (run.ts builds it and sets the variable for its server).
 */
const SERVER_CODE =
  process.env.BENCH_SERVER_BUILD === '1' ? '../../apps/server/dist' : '../../apps/server/src';
export const server = {
  ...((await import(`${SERVER_CODE}/app.js`)) as typeof AppModule),
  ...((await import(`${SERVER_CODE}/config.js`)) as typeof ConfigModule),
  ...((await import(`${SERVER_CODE}/db/connection.js`)) as typeof ConnectionModule),
  ...((await import(`${SERVER_CODE}/db/migrate.js`)) as typeof MigrateModule),
};
const { buildApp, loadConfig, openDatabase } = server;

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DATA_DIR = path.join(ROOT, 'bench/.data');
export const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const PG_SCHEMA = 'bench_catalogue';
export const OWNER_PASSWORD = 'bench-owner-pass-1';

export type Engine = 'sqlite' | 'postgres';

export function databaseUrl(engine: Engine): string {
  return engine === 'sqlite' ? `sqlite:${path.join(DATA_DIR, 'catalogue.db')}` : PG_URL;
}

export function openBenchDatabase(engine: Engine, poolSize = 10, capture?: Capture): DatabaseHandle {
  mkdirSync(DATA_DIR, { recursive: true });
  const log = capture ? { log: capture.log } : {};
  return engine === 'sqlite'
    ? openDatabase(databaseUrl(engine), log)
    : openDatabase(PG_URL, {
        schema: PG_SCHEMA,
        poolSize,
        // PG_CLIENT=postgres.js: the client measured against pg (decision 0014).
        pgClient: process.env.PG_CLIENT === 'postgres.js' ? 'postgres.js' : 'pg',
        ...log,
      });
}

export function benchConfig(extra: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'production',
    PAYMENT_PROVIDER: 'sandbox',
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-01',
    DATA_DIR,
    LOG_LEVEL: 'silent',
    IMPORT_MAX_ROWS: '20000',
    IMPORT_LIMIT_BYTES: String(50 * 1024 * 1024),
    // Benches drive one user far past the per-user limit; the counter still runs on every call.
    API_USER_CALLS_PER_MINUTE: '1000000000',
    API_KEY_CALLS_PER_MINUTE: '1000000000',
    ...extra,
  });
}

export async function benchApp(database: DatabaseHandle): Promise<FastifyInstance> {
  return buildApp({ config: benchConfig(), database, logger: false, serveWeb: false });
}

export function multipart(data: string | Buffer, filename: string) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    typeof data === 'string' ? Buffer.from(data) : data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export interface BenchInfo {
  engine: Engine;
  storeId: string;
  ownerEmail: string;
  importStoreId: string;
  importEmail: string;
  barcode: string;
  products: number;
  customers: number;
  generateSeconds: number;
}

/**
 * Records the statements a request executes, as the database connection's log sees them: those
 * built with the query builder and those run as text (`runSql`). Set `active` to start.
 */
export class Capture {
  active: CompiledQuery[] | null = null;
  readonly log = (event: LogEvent) => {
    if (this.active && event.level === 'query') this.active.push(event.query);
  };
}
