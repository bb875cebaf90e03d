import { existsSync, readFileSync } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { create as createTar } from 'tar';
import type { DataLocation } from '../config.js';
import {
  DATABASE_ENTRY,
  MANIFEST_FILE,
  OpsError,
  SECRET_ENTRY,
  UPLOADS_ENTRY,
  describeFile,
  describePostgres,
  engineOfUrl,
  formatSize,
  listFiles,
  newManifest,
  secretFingerprint,
  sqliteFileOf,
  type Manifest,
} from './archive.js';
import { pgDump, postgresMigrations, withPostgres } from './postgres-tools.js';

export interface BackupOptions {
  /** The archive to write; it must not exist yet. */
  out: string;
  /** Leave the app secret out (the operator keeps APP_SECRET elsewhere). */
  withoutSecret?: boolean;
  report: (line: string) => void;
  now?: () => Date;
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: Manifest;
}

// better-sqlite3 copies at most this many pages per step: all of them, so the copy is read in
// one read transaction. Copied in slices, a write by the running server between two slices
// would make SQLite start the copy over, and a busy till could keep it from ever finishing.
const ALL_PAGES = 0x7fffffff;

/** `backups/tillbook-20261125-143000.tar.gz` */
export function defaultBackupFile(now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return path.join('backups', `tillbook-${stamp}.tar.gz`);
}

const inside = (child: string, parent: string) => {
  const relative = path.relative(path.resolve(parent), path.resolve(child));
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};

/**
 * Writes the database, the uploaded files and (unless told otherwise) the app secret to one
 * .tar.gz file with a manifest of checksums, while the server keeps running. The database is
 * copied first: an image is written before the row that names it, so every image the copied
 * rows name is on disk when the uploads are copied.
 */
export async function createBackup(location: DataLocation, options: BackupOptions): Promise<BackupResult> {
  const started = Date.now();
  const now = options.now ?? (() => new Date());
  const out = path.resolve(options.out);
  const engine = engineOfUrl(location.DATABASE_URL);
  if (existsSync(out)) throw new OpsError(`${out} already exists; name a new file.`);
  if (inside(out, location.DATA_DIR) || inside(out, location.UPLOAD_DIR)) {
    throw new OpsError(
      `Write the backup outside the data folder (${path.resolve(location.DATA_DIR)}): a restore needs an empty one, and the next backup would contain this one.`,
    );
  }
  const secret = location.APP_SECRET ?? readSecretFile(location.SECRET_FILE);
  if (!secret && !options.withoutSecret) {
    throw new OpsError(
      `No app secret: APP_SECRET is not set and ${location.SECRET_FILE} does not exist. Is DATA_DIR the server's data folder?`,
    );
  }

  await mkdir(path.dirname(out), { recursive: true });
  // Next to the archive, so a large database is staged on the disk that will hold the backup.
  const staging = await mkdtemp(path.join(path.dirname(out), '.tillbook-backup-'));
  const partial = `${out}.partial`;
  try {
    const source =
      engine === 'sqlite'
        ? `SQLite ${sqliteFileOf(location.DATABASE_URL)}`
        : describePostgres(location.DATABASE_URL);
    options.report(`Backing up Tillbook (${source})`);

    await mkdir(path.join(staging, 'database'));
    const dbFile = path.join(staging, DATABASE_ENTRY[engine]);
    const migrations =
      engine === 'sqlite'
        ? await copySqlite(sqliteFileOf(location.DATABASE_URL), dbFile)
        : await dumpPostgres(location.DATABASE_URL, dbFile);
    const dbBytes = (await stat(dbFile)).size;
    options.report(
      `  database    ${formatSize(dbBytes)}, ${engine === 'sqlite' ? 'integrity check ok' : 'pg_dump done'}, migration ${migrations.at(-1)}`,
    );

    const uploads = await copyUploads(location.UPLOAD_DIR, path.join(staging, UPLOADS_ENTRY));
    options.report(
      `  uploads     ${uploads.files} file${uploads.files === 1 ? '' : 's'}, ${formatSize(uploads.bytes)}` +
        (uploads.vanished ? ` (${uploads.vanished} deleted while copying, left out)` : ''),
    );

    const includeSecret = Boolean(secret) && !options.withoutSecret;
    if (includeSecret) await writeFile(path.join(staging, SECRET_ENTRY), `${secret}\n`, { mode: 0o600 });
    options.report(
      includeSecret
        ? '  app secret  included: keep this file as private as the data folder'
        : '  app secret  left out: restoring needs APP_SECRET set to the same value',
    );

    const entries = [
      DATABASE_ENTRY[engine],
      ...(await listFiles(path.join(staging, UPLOADS_ENTRY))).map((f) => path.join(UPLOADS_ENTRY, f)),
      ...(includeSecret ? [SECRET_ENTRY] : []),
    ];
    const manifest = newManifest({
      createdAt: now().toISOString(),
      engine,
      migrations,
      uploads: { files: uploads.files, bytes: uploads.bytes },
      secret: { included: includeSecret, fingerprint: secret ? secretFingerprint(secret) : '' },
      files: await Promise.all(entries.map((entry) => describeFile(staging, entry))),
    });
    await writeFile(path.join(staging, MANIFEST_FILE), JSON.stringify(manifest, null, 2) + '\n');

    const topLevel = [MANIFEST_FILE, 'database', ...(uploads.files ? [UPLOADS_ENTRY] : [])];
    if (includeSecret) topLevel.push(SECRET_ENTRY);
    await createTar({ gzip: true, file: partial, cwd: staging, portable: true }, topLevel);
    // The archive holds the customers' data and possibly the secret: only its owner may read it.
    await chmod(partial, 0o600);
    await rename(partial, out);
    const bytes = (await stat(out)).size;
    options.report(
      `Backup written: ${out} (${formatSize(bytes)}, ${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
    return { file: out, bytes, manifest };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}

function readSecretFile(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim() || undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * SQLite's online backup API from a read-only connection of its own: it reads a snapshot while
 * the server goes on writing (WAL). The copy is then made a single self-contained file and checked.
 */
async function copySqlite(file: string, dest: string): Promise<string[]> {
  if (!existsSync(file)) {
    throw new OpsError(`No database at ${file}. Set DATA_DIR (or DATABASE_URL) as the server has it.`);
  }
  const source = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    await source.backup(dest, { progress: () => ALL_PAGES });
  } finally {
    source.close();
  }
  const copy = new BetterSqlite3(dest);
  try {
    copy.pragma('journal_mode = DELETE');
    const check = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new OpsError(`The copied database fails its integrity check: ${String(check)}`);
    return sqliteMigrations(copy);
  } finally {
    copy.close();
  }
}

export function sqliteMigrations(db: BetterSqlite3.Database): string[] {
  const table = db
    .prepare(`select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'`)
    .get();
  if (!table)
    throw new OpsError(
      'The database has no Tillbook tables: start Tillbook on it once before backing it up.',
    );
  return db
    .prepare('select name from kysely_migration order by name')
    .pluck()
    .all()
    .map((name) => String(name));
}

async function dumpPostgres(url: string, dest: string): Promise<string[]> {
  // Migrations run only when a server starts, so the level read here is the dump's.
  const migrations = await withPostgres(url, postgresMigrations);
  await pgDump(url, dest);
  return migrations;
}

/** Copies each uploaded file; one deleted after it was listed (an image removed meanwhile) is left out. */
async function copyUploads(dir: string, dest: string) {
  const names = await listFiles(dir);
  let files = 0;
  let bytes = 0;
  let vanished = 0;
  for (const name of names) {
    const target = path.join(dest, name);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await copyFile(path.join(dir, name), target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        vanished += 1;
        continue;
      }
      throw error;
    }
    files += 1;
    bytes += (await stat(target)).size;
  }
  return { files, bytes, vanished };
}
