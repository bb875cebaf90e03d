// Shared by the catalogue benchmark scripts: where the data lives and how to reach it.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
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

/** Drops PostgreSQL's `schema` at PG_URL, and makes it again, empty, unless `create` is false. */
export async function resetSchema(schema: string, { create = true } = {}): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  await client.query(`drop schema if exists ${schema} cascade`);
  if (create) await client.query(`create schema ${schema}`);
  await client.end();
}

/**
 * A bench's own database, migrated, and the app on it: SQLite in a new temporary folder (`dir`,
 * `tillbook-<name>-…`), or PostgreSQL in `schema`, made empty first unless `reuse` (the data of
 * the last run).
 */
export async function scratchApp(engine: Engine, name: string, schema: string, { reuse = false } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), `tillbook-${name}-`));
  if (engine === 'postgres' && !reuse) await resetSchema(schema);
  const database =
    engine === 'sqlite'
      ? openDatabase(`sqlite:${path.join(dir, 'bench.db')}`)
      : openDatabase(PG_URL, { schema, poolSize: 4 });
  await server.migrateToLatest(database.db, engine === 'postgres' ? schema : undefined);
  const app = await buildApp({
    config: benchConfig({ DATA_DIR: dir }),
    database,
    logger: false,
    serveWeb: false,
  });
  return { dir, database, app };
}

export interface CallOptions {
  token?: string;
  body?: object;
  payload?: Buffer;
  headers?: Record<string, string>;
}

/** Calls the app's API in this process (inject): `/api/v1<url>`, the token as authorization. */
export const apiCaller =
  (app: FastifyInstance) =>
  (method: string, url: string, opts: CallOptions = {}) =>
    app.inject({
      method: method as 'GET',
      url: `/api/v1${url}`,
      headers: { ...(opts.token ? { authorization: opts.token } : {}), ...(opts.headers ?? {}) },
      ...(opts.payload ? { payload: opts.payload } : opts.body ? { payload: opts.body } : {}),
    });

/** Signs the owner `email` in (OWNER_PASSWORD) through the app: the session's token. */
export async function ownerToken(app: FastifyInstance, email: string): Promise<string> {
  const signIn = await apiCaller(app)('POST', '/user/signin', { body: { email, password: OWNER_PASSWORD } });
  return signIn.json().data.userToken as string;
}

/**
 * A shop owner made through the API: signed up (OWNER_PASSWORD), the email verified with the code
 * the app put in its mail outbox, the business named, signed in.
 */
export async function verifiedOwner(
  app: FastifyInstance,
  db: DatabaseHandle['db'],
  email: string,
  business: string,
): Promise<{ token: string; storeId: string; userId: string }> {
  const call = apiCaller(app);
  const up = await call('POST', '/user/signup', {
    body: {
      first_name: 'Bench',
      last_name: 'Owner',
      email,
      password: OWNER_PASSWORD,
      phone_number: '+2348030000000',
      country: 'Nigeria',
    },
  });
  if (up.statusCode !== 201) throw new Error(`sign-up: ${up.body}`);
  const { id: userId, userToken } = up.json().data;
  const mail = await db
    .selectFrom('mail_outbox')
    .select('text')
    .where('to_address', '=', email)
    .executeTakeFirstOrThrow();
  const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
  await call('POST', '/user/verify-email', { body: { email, code } });
  const info = await call('PUT', `/user/business-info/${userId}`, {
    token: userToken,
    body: { business_name: business, country: 'Nigeria', state: 'Lagos' },
  });
  if (info.statusCode !== 200) throw new Error(`business-info: ${info.body}`);
  const signIn = (await call('POST', '/user/signin', { body: { email, password: OWNER_PASSWORD } })).json()
    .data;
  return { token: signIn.userToken as string, storeId: signIn.store_id as string, userId };
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
  /** Issue 33: the category of the products with sizes and packs, and a plain category beside it. */
  variantCategoryId: string;
  plainCategoryId: string;
  /** A carton's barcode and a size's barcode of a product with variants. */
  packBarcode: string;
  variantBarcode: string;
  variantProducts: number;
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
