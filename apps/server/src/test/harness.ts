import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import {
  Migrator,
  createQueryId,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import pg from 'pg';
import { buildApp, type BuildOptions } from '../app.js';
import { loadConfig, type AppConfig } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';
import { migrations } from '../db/migrations.js';
import { StoreKeyCheck, type StoreKeyProblem } from '../db/store-key-check.js';
import { ManualClock } from '../lib/clock.js';
import { checkFixedTexts } from '../lib/sql.js';

export interface Reply<T = any> {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: T;
}

export interface CallOptions {
  token?: string | null;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  /** Client address; each call gets a random one unless a test pins it (rate-limit tests). */
  ip?: string;
  payload?: InjectOptions['payload'];
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  db: DatabaseHandle['db'];
  clock: ManualClock;
  config: AppConfig;
  call<T = any>(method: string, url: string, options?: CallOptions): Promise<Reply<T>>;
  /** SQL statements the app has run so far (to check a request's statement budget). */
  statements(): number;
  /** Applies the migrations an `upTo` app left out, as a start of the new release would. */
  migrateRest(): Promise<string[]>;
  /** Statements on a tenant table without its store_id, refused so far (decision 0049). */
  storeKeyProblems(): StoreKeyProblem[];
  close(): Promise<void>;
}

/**
 * Counts the statements that come back from the database (subqueries are part of theirs), but
 * not the API rate limit's counter: it takes its counts in blocks (decision 0033), so whether a
 * given call runs it depends on the calls before, not on the call's own work.
 */
class StatementCounter implements KyselyPlugin {
  count = 0;
  private readonly counterWrites = new WeakSet<object>();
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node;
    if (node.kind === 'InsertQueryNode' && node.into?.table.identifier.name === 'rate_limits')
      this.counterWrites.add(args.queryId);
    return node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (!this.counterWrites.has(args.queryId)) this.count += 1;
    return args.result;
  }
}

const randomIp = () =>
  `10.${1 + (randomBytes(1)[0]! % 250)}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0]! % 250)}`;

export interface TestAppOptions {
  /**
   * A database the test made itself (`sqlite:<file>` or a PostgreSQL database of its own),
   * used as it is, migrated, and left in place on close: backup tests need a whole database.
   */
  databaseUrl?: string;
  /** Migrates only up to this migration (a migration test then calls `migrateRest`). */
  upTo?: string;
  /** The order's subscribers, instead of the app's list (a test adds one that records). */
  orderFacts?: BuildOptions['orderFacts'];
}

async function migrateUpTo(db: Kysely<any>, last: string, schema?: string): Promise<void> {
  const names = Object.keys(migrations);
  const list = Object.fromEntries(names.slice(0, names.indexOf(last) + 1).map((n) => [n, migrations[n]!]));
  const { error } = await new Migrator({
    db,
    provider: { getMigrations: async () => list },
    ...(schema ? { migrationTableSchema: schema } : {}),
  }).migrateToLatest();
  if (error) throw error;
}

/**
 * How long a test that builds its own app may take, as the hooks may (vitest.config.ts): on a
 * Citus cluster under load its migrations alone outlast a test's 30 s.
 */
export const APP_SETUP_MS = 60_000;

/**
 * Builds the real app on a real, empty database: a fresh SQLite file, or with
 * TEST_DATABASE_URL a fresh PostgreSQL schema, migrated as on start-up.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tillbook-test-'));
  const pgUrl = options.databaseUrl ? undefined : process.env.TEST_DATABASE_URL;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  if (pgUrl) {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
  }
  const opened = options.databaseUrl
    ? openDatabase(options.databaseUrl, { poolSize: 20 })
    : pgUrl
      ? openDatabase(pgUrl, {
          schema,
          poolSize: 20,
          pgClient: process.env.PG_CLIENT === 'postgres.js' ? 'postgres.js' : 'pg',
        })
      : openDatabase(`sqlite:${path.join(dir, 'test.db')}`);
  const counter = new StatementCounter();
  if (options.upTo) await migrateUpTo(opened.db, options.upTo, pgUrl ? schema : undefined);
  else await migrateToLatest(opened.db, pgUrl ? schema : undefined);
  // Every statement the app runs names its store (decision 0049), checked on every engine.
  const storeKeys = new StoreKeyCheck((node) => opened.db.getExecutor().compileQuery(node, createQueryId()));
  const database: DatabaseHandle = { ...opened, db: opened.db.withPlugin(counter).withPlugin(storeKeys) };
  checkFixedTexts((text) => storeKeys.check(text));
  // The tests' own reads (of audits by record, say) are not the app's and may span stores.
  const testDb = opened.db.withPlugin(counter);
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_SECRET: 'test-secret-test-secret-test-secret-0123',
    DATA_DIR: dir,
    UPLOAD_DIR: path.join(dir, 'uploads'),
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://tillbook.test',
    // Tests build stores with several members and branches; the plan tests set Starter's real
    // limits (decision 0030).
    STARTER_MAX_MEMBERS: '1000',
    STARTER_MAX_STORES: '1000',
    // Load tests make hundreds of calls as one user within one (manual) minute; the developers
    // tests set the real per-minute limits (decision 0033).
    API_KEY_CALLS_PER_MINUTE: '100000',
    API_USER_CALLS_PER_MINUTE: '100000',
    // The transfer reconciler runs only when a test calls it (its reads would land among the
    // statements a test counts).
    WALLET_RECONCILE_SECONDS: '0',
    // Deposits are asked for again when a test calls the round (a provider's list is the test's).
    TRANSFER_REQUERY_SECONDS: '0',
    // Webhook deliveries are sent when a test calls the worker; receivers are local servers.
    WEBHOOK_WORKER_SECONDS: '0',
    // Reads of the sales figures roll up first; the background round runs when a test calls it.
    SALES_FIGURES_ROLLUP_SECONDS: '0',
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    ...env,
  });
  const clock = new ManualClock();
  // The web app is served only by tests that give a folder of built files (WEB_DIST_DIR).
  const serveWeb = env.WEB_DIST_DIR !== undefined;
  const app = await buildApp({
    config,
    database,
    clock,
    logger: false,
    serveWeb,
    orderFacts: options.orderFacts,
  });
  await app.ready();

  const call = async <T>(method: string, url: string, options: CallOptions = {}): Promise<Reply<T>> => {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.token) headers.authorization = options.token;
    const query: Record<string, string> = {};
    for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) query[k] = String(v);
    const res = await app.inject({
      method: method as InjectOptions['method'],
      url:
        url.startsWith('/api/') || url.startsWith('/health') || url.startsWith('/ready')
          ? url
          : `/api/v1${url}`,
      headers,
      query,
      remoteAddress: options.ip ?? randomIp(),
      ...(options.payload !== undefined
        ? { payload: options.payload }
        : options.body !== undefined
          ? { payload: options.body as object }
          : {}),
    });
    let body: unknown = res.body;
    if ((res.headers['content-type'] ?? '').toString().includes('application/json')) body = res.json();
    return { status: res.statusCode, headers: res.headers, body: body as T };
  };

  return {
    app,
    database,
    db: testDb,
    clock,
    config,
    call,
    statements: () => counter.count,
    migrateRest: () => migrateToLatest(opened.db, pgUrl ? schema : undefined),
    storeKeyProblems: () => storeKeys.problems,
    async close() {
      await app.close();
      await database.destroy();
      if (pgUrl) {
        const client = new pg.Client({ connectionString: pgUrl });
        await client.connect();
        await client.query(`drop schema if exists ${schema} cascade`);
        await client.end();
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
