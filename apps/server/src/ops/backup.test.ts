import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { create as createTar, extract as extractTar } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, loadDataLocation } from '../config.js';
import { migrations, renamedMigrations } from '../db/migrations.js';
import { createMerchant, PASSWORD, type Merchant } from '../test/fixtures.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { fileUpload, TINY_PNG } from '../test/multipart.js';
import { createProduct, ledgerSum, order, stockOf } from '../test/sales-fixtures.js';
import { createBackup } from './backup.js';
import { restoreBackup } from './restore.js';

// The SQLite pass backs up a SQLite file; the PostgreSQL pass (TEST_DATABASE_URL) a PostgreSQL
// database of its own, made here, and restores into another new one.
const pgUrl = process.env.TEST_DATABASE_URL;
const engine = pgUrl ? 'PostgreSQL' : 'SQLite';
const serverRoot = fileURLToPath(new URL('../..', import.meta.url));

const work = mkdtempSync(path.join(tmpdir(), 'tillbook-backup-test-'));
const databases: string[] = [];

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A new, empty place for data: a folder, and on PostgreSQL a new database named in DATABASE_URL. */
async function freshTarget(name: string): Promise<Record<string, string>> {
  const dataDir = path.join(work, name);
  if (!pgUrl) return { DATA_DIR: dataDir };
  const db = `tb_backup_${randomBytes(5).toString('hex')}`;
  await admin((c) => c.query(`create database ${db}`));
  databases.push(db);
  const url = new URL(pgUrl);
  url.pathname = `/${db}`;
  return { DATA_DIR: dataDir, DATABASE_URL: url.toString() };
}

const databaseUrlOf = (env: Record<string, string>) => loadDataLocation(env).DATABASE_URL;

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run backup` / `npm run restore` as a process of its own, from the TypeScript sources. */
function runCli(command: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<CliRun> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['DATA_DIR', 'DATABASE_URL', 'UPLOAD_DIR', 'APP_SECRET', 'TEST_DATABASE_URL'])
    delete childEnv[key];
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', `src/ops/${command}-cli.ts`, ...args],
      { cwd: serverRoot, env: { ...childEnv, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const quiet = () => undefined;

let source: TestApp;
let sourceEnv: Record<string, string>;
let m: Merchant;

beforeAll(async () => {
  sourceEnv = await freshTarget('source');
  sourceEnv.UPLOAD_DIR = path.join(sourceEnv.DATA_DIR!, 'uploads');
  source = await createTestApp(sourceEnv, { databaseUrl: databaseUrlOf(sourceEnv) });
  sourceEnv.APP_SECRET = source.config.APP_SECRET;
  m = await createMerchant(source);
});

afterAll(async () => {
  await source?.close();
  if (pgUrl) {
    // Side by side: each drop waits for a checkpoint, which the others can share.
    await Promise.all(
      databases.map((db) => admin((c) => c.query(`drop database if exists ${db} with (force)`))),
    );
  }
  rmSync(work, { recursive: true, force: true });
});

describe(`backup and restore on ${engine}`, () => {
  it('backs up while sales are being written; the restore has every sale answered before the backup began, whole', async () => {
    const STOCK = 1_000_000;
    const product = await createProduct(source, m, { name: 'Peak Milk 400g', quantity: STOCK });
    const image = await source.call('POST', `/product/${product.id}/images`, {
      token: m.token,
      ...fileUpload(TINY_PNG, 'milk.png', 'image/png'),
    });
    expect(image.status).toBe(201);
    const imageUrl: string = image.body.data.images[0];

    if (!pgUrl) {
      // No checkpoints: every sale of the burst lives only in the write-ahead log, so a copy
      // that read the database file alone would miss them all.
      await sql`pragma wal_autocheckpoint = 0`.execute(source.db);
    }

    // Six tills selling one unit at a time until told to stop.
    const answered: string[] = [];
    const refused: unknown[] = [];
    let selling = true;
    const till = async () => {
      while (selling) {
        const res = await order(source, m, {
          items: [{ product_id: product.id, quantity: 1 }],
          channel: 'pos',
          amount_received: 10_000_000,
        });
        if (res.status === 201) answered.push(res.body.data.id);
        else refused.push(res.body);
      }
    };
    const tills = Array.from({ length: 6 }, till);
    while (answered.length < 30) await new Promise((r) => setTimeout(r, 20));

    const before = new Set(answered);
    const file = path.join(work, 'burst.tar.gz');
    const backup = await runCli('backup', [file], sourceEnv);
    const duringBackup = answered.length - before.size;
    selling = false;
    await Promise.all(tills);

    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`Backup written: ${file}`);
    expect(backup.stdout).toMatch(/uploads {5}1 file, /);
    expect(refused).toEqual([]);
    // The backup was taken while the tills were selling.
    expect(duringBackup).toBeGreaterThan(0);

    // Into a new data folder (and database), without APP_SECRET: the backup's secret is written there.
    const targetEnv = await freshTarget('restored');
    const restore = await runCli('restore', [file], targetEnv);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain('Restored. Start Tillbook on it');
    expect(readFileSync(path.join(targetEnv.DATA_DIR!, 'app-secret'), 'utf8').trim()).toBe(
      source.config.APP_SECRET,
    );

    if (!pgUrl) {
      const db = new BetterSqlite3(path.join(targetEnv.DATA_DIR!, 'app.db'), { readonly: true });
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      db.close();
    }

    // The server as `npm start` builds it on the restored folder: its own secret, its own uploads.
    const config = loadConfig({ ...targetEnv, NODE_ENV: 'test' });
    expect(config.APP_SECRET).toBe(source.config.APP_SECRET);
    const restored = await createTestApp(
      { ...targetEnv, UPLOAD_DIR: config.UPLOAD_DIR, APP_SECRET: config.APP_SECRET },
      { databaseUrl: config.DATABASE_URL },
    );
    try {
      const rows = await restored.db
        .selectFrom('orders')
        .select('id')
        .where('store_id', '=', m.storeId)
        .execute();
      const ids = new Set(rows.map((r) => r.id));
      const all = new Set(answered);
      expect([...before].filter((id) => !ids.has(id))).toEqual([]);
      // Nothing that was not answered, and no half sale: the stock and its ledger match the sales.
      expect([...ids].filter((id) => !all.has(id))).toEqual([]);
      expect(await stockOf(restored, product.id)).toBe(STOCK - ids.size);
      expect(await ledgerSum(restored, product.id)).toBe(STOCK - ids.size);

      const signIn = await restored.call('POST', '/user/signin', {
        body: { email: m.email, password: PASSWORD },
      });
      expect(signIn.status).toBe(200);
      const token = signIn.body.data.userToken;
      const first = answered[0]!;
      const sale = await restored.call('GET', `/order/${first}`, { token });
      expect(sale.status).toBe(200);
      expect(sale.body.data.id).toBe(first);
      const served = await restored.app.inject({ method: 'GET', url: imageUrl });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(TINY_PNG)).toBe(true);
    } finally {
      await restored.close();
    }

    // A second restore into the same place is refused and changes nothing.
    const held = readdirSync(targetEnv.DATA_DIR!).sort();
    const again = await runCli('restore', [file], targetEnv);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(
      `Restore failed: The data folder ${path.resolve(targetEnv.DATA_DIR!)} is not empty`,
    );
    expect(readdirSync(targetEnv.DATA_DIR!).sort()).toEqual(held);
    if (pgUrl) {
      // An empty folder, but a database that already holds a shop.
      const emptyFolder = path.join(work, 'empty-folder');
      const intoFull = await runCli('restore', [file], { ...targetEnv, DATA_DIR: emptyFolder });
      expect(intoFull.code).toBe(1);
      expect(intoFull.stderr).toContain('is not empty');
      expect(intoFull.stderr).toContain('Restore into a new database');
      expect(existsSync(emptyFolder)).toBe(false);
    }
  });

  it('without the secret, restores only with the same APP_SECRET, and writes no secret file', async () => {
    const file = path.join(work, 'no-secret.tar.gz');
    const lines: string[] = [];
    const result = await createBackup(loadDataLocation(sourceEnv), {
      out: file,
      withoutSecret: true,
      report: (l) => lines.push(l),
    });
    expect(result.manifest.secret.included).toBe(false);
    expect(lines).toContain('  app secret  left out: restoring needs APP_SECRET set to the same value');

    const target = await freshTarget('with-env-secret');
    await expect(restoreBackup(loadDataLocation(target), { file, report: quiet })).rejects.toThrow(
      'This backup was made without the app secret. Set APP_SECRET to the value the backed-up server used',
    );
    await expect(
      restoreBackup(loadDataLocation({ ...target, APP_SECRET: 'another-secret-another-secret-0123456' }), {
        file,
        report: quiet,
      }),
    ).rejects.toThrow('APP_SECRET is not the secret of the backed-up server');
    expect(existsSync(target.DATA_DIR!)).toBe(false);

    await restoreBackup(loadDataLocation({ ...target, APP_SECRET: source.config.APP_SECRET }), {
      file,
      report: quiet,
    });
    expect(readdirSync(target.DATA_DIR!).sort()).toEqual(pgUrl ? ['uploads'] : ['app.db', 'uploads']);
  });

  it('refuses a damaged or foreign file before writing anything', async () => {
    const file = path.join(work, 'good.tar.gz');
    await createBackup(loadDataLocation(sourceEnv), { out: file, report: quiet });
    // One byte of the database changed, the archive otherwise as made.
    const unpacked = path.join(work, 'unpacked');
    rmSync(unpacked, { recursive: true, force: true });
    mkdirSync(unpacked);
    await extractTar({ file, cwd: unpacked });
    const dbEntry = readdirSync(path.join(unpacked, 'database'))[0]!;
    const dbPath = path.join(unpacked, 'database', dbEntry);
    const bytes = readFileSync(dbPath);
    bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0xff;
    writeFileSync(dbPath, bytes);
    const damaged = path.join(work, 'damaged.tar.gz');
    await createTar({ gzip: true, file: damaged, cwd: unpacked }, readdirSync(unpacked));

    const target = await freshTarget('from-damaged');
    await expect(restoreBackup(loadDataLocation(target), { file: damaged, report: quiet })).rejects.toThrow(
      `The backup is damaged: database/${dbEntry} does not match its checksum.`,
    );
    const foreign = path.join(work, 'foreign.tar.gz');
    writeFileSync(path.join(work, 'notes.txt'), 'not a backup');
    await createTar({ gzip: true, file: foreign, cwd: work }, ['notes.txt']);
    await expect(restoreBackup(loadDataLocation(target), { file: foreign, report: quiet })).rejects.toThrow(
      'The file is not a Tillbook backup',
    );
    expect(existsSync(target.DATA_DIR!)).toBe(false);
  });

  it('restores a backup made before the migrations were renumbered; the server renames them when it starts', async () => {
    const recorded = async (t: TestApp) =>
      (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(t.db)).rows.map(
        (r) => r.name,
      );
    // The source as a release before the renumbering (issue 16) left it.
    const setNames = async (pairs: ReadonlyArray<readonly [string, string]>) => {
      for (const [from, to] of pairs) {
        await sql`update kysely_migration set name = ${from} where name = ${to}`.execute(source.db);
      }
    };
    await setNames(renamedMigrations);
    try {
      const file = path.join(work, 'old-names.tar.gz');
      const made = await createBackup(loadDataLocation(sourceEnv), { out: file, report: quiet });
      expect(made.manifest.migrations).toContain('0003-sales');
      const target = await freshTarget('old-names');
      await restoreBackup(loadDataLocation(target), { file, report: quiet });
      const config = loadConfig({ ...target, NODE_ENV: 'test' });
      const restored = await createTestApp(
        { ...target, UPLOAD_DIR: config.UPLOAD_DIR, APP_SECRET: config.APP_SECRET },
        { databaseUrl: config.DATABASE_URL },
      );
      try {
        expect(await recorded(restored)).toEqual(Object.keys(migrations));
        const signIn = await restored.call('POST', '/user/signin', {
          body: { email: m.email, password: PASSWORD },
        });
        expect(signIn.status).toBe(200);
      } finally {
        await restored.close();
      }
    } finally {
      await setNames(renamedMigrations.map(([from, to]) => [to, from] as const));
    }
  });

  it('will not write the backup into the data folder or over a file', async () => {
    const location = loadDataLocation(sourceEnv);
    await expect(
      createBackup(location, { out: path.join(sourceEnv.DATA_DIR!, 'b.tar.gz'), report: quiet }),
    ).rejects.toThrow('Write the backup outside the data folder');
    const taken = path.join(work, 'taken.tar.gz');
    writeFileSync(taken, 'keep me');
    await expect(createBackup(location, { out: taken, report: quiet })).rejects.toThrow('already exists');
    expect(readFileSync(taken, 'utf8')).toBe('keep me');
  });
});
