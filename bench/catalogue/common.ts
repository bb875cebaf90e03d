// Shared by the catalogue benchmark scripts: where the data lives and how to reach it.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/connection.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DATA_DIR = path.join(ROOT, 'bench/.data');
export const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const PG_SCHEMA = 'bench_catalogue';
export const OWNER_PASSWORD = 'bench-owner-pass-1';

export type Engine = 'sqlite' | 'postgres';

export function databaseUrl(engine: Engine): string {
  return engine === 'sqlite' ? `sqlite:${path.join(DATA_DIR, 'catalogue.db')}` : PG_URL;
}

export function openBenchDatabase(engine: Engine, poolSize = 10): DatabaseHandle {
  mkdirSync(DATA_DIR, { recursive: true });
  return engine === 'sqlite'
    ? openDatabase(databaseUrl(engine))
    : openDatabase(PG_URL, { schema: PG_SCHEMA, poolSize });
}

export function benchConfig(extra: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'production',
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-01',
    DATA_DIR,
    LOG_LEVEL: 'silent',
    IMPORT_MAX_ROWS: '20000',
    IMPORT_LIMIT_BYTES: String(50 * 1024 * 1024),
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
 * Records the statements a request executes. Kysely shows plugins every query it builds,
 * subqueries included, so a query counts only once its result comes back.
 */
export class Capture implements KyselyPlugin {
  private built = new Map<unknown, PluginTransformQueryArgs>();
  active: PluginTransformQueryArgs[] | null = null;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (this.active) this.built.set(args.queryId, args);
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const built = this.built.get(args.queryId);
    if (this.active && built) this.active.push(built);
    return args.result;
  }
}
