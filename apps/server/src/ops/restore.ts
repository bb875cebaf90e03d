import { existsSync, readdirSync, statSync } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { extract as extractTar } from 'tar';
import type { DataLocation } from '../config.js';
import { migrations as knownMigrations, renamedMigrations } from '../db/migrations.js';
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
  readManifest,
  secretFingerprint,
  sqliteFileOf,
  type Manifest,
} from './archive.js';
import { sqliteMigrations } from './backup.js';
import { pgRestore, postgresMigrations, userRelations, withPostgres } from './postgres-tools.js';

export interface RestoreOptions {
  file: string;
  report: (line: string) => void;
}

/** Entries of a folder; an absent folder has none. */
function entriesOf(dir: string): string[] {
  if (!existsSync(dir)) return [];
  if (!statSync(dir).isDirectory()) throw new OpsError(`${path.resolve(dir)} is a file, not a folder.`);
  return readdirSync(dir);
}

/**
 * Refuses to write over anything: the data folder, the upload folder and the SQLite file must
 * be absent or empty, and a PostgreSQL database must hold no tables.
 */
async function checkTargetEmpty(location: DataLocation): Promise<void> {
  const dataDir = path.resolve(location.DATA_DIR);
  const held = entriesOf(dataDir);
  if (held.length) {
    throw new OpsError(
      `The data folder ${dataDir} is not empty (it holds ${held.slice(0, 5).join(', ')}${held.length > 5 ? ', …' : ''}). ` +
        'A restore only fills an empty one: set DATA_DIR to a new folder, or move these files away first.',
    );
  }
  const uploads = path.resolve(location.UPLOAD_DIR);
  if (entriesOf(uploads).length) {
    throw new OpsError(`The upload folder ${uploads} is not empty. Set UPLOAD_DIR to an empty folder.`);
  }
  if (engineOfUrl(location.DATABASE_URL) === 'sqlite') {
    const file = sqliteFileOf(location.DATABASE_URL);
    for (const f of [file, `${file}-wal`]) {
      if (existsSync(f)) throw new OpsError(`${f} already exists. A restore does not write over a database.`);
    }
  } else {
    const relations = await withPostgres(location.DATABASE_URL, userRelations);
    if (relations > 0) {
      throw new OpsError(
        `The database ${describePostgres(location.DATABASE_URL)} is not empty (${relations} tables, views or sequences). ` +
          'Restore into a new database: createdb <name>, and set DATABASE_URL to it.',
      );
    }
  }
}

/** Unpacks regular files and folders only (no links) into `dir`; any oddity in the archive stops it. */
async function unpack(file: string, dir: string): Promise<void> {
  try {
    await extractTar({
      file,
      cwd: dir,
      strict: true,
      filter: (_path, entry) => 'type' in entry && (entry.type === 'File' || entry.type === 'Directory'),
    });
  } catch (error) {
    throw new OpsError(`Cannot read ${file} as a Tillbook backup (.tar.gz): ${(error as Error).message}`);
  }
}

/** Every file the manifest lists is there with its size and checksum, and nothing else is. */
async function verify(dir: string, manifest: Manifest): Promise<void> {
  const listed = new Map(manifest.files.map((f) => [f.path, f]));
  const present = new Set(
    (await listFiles(dir)).map((f) => f.split(path.sep).join('/')).filter((f) => f !== MANIFEST_FILE),
  );
  for (const name of present) {
    if (!listed.has(name)) throw new OpsError(`The backup holds ${name}, which its manifest does not list.`);
  }
  for (const expected of manifest.files) {
    if (!present.has(expected.path)) {
      throw new OpsError(`The backup is incomplete: ${expected.path} is missing.`);
    }
    const actual = await describeFile(dir, expected.path);
    if (actual.sha256 !== expected.sha256 || actual.bytes !== expected.bytes) {
      throw new OpsError(`The backup is damaged: ${expected.path} does not match its checksum.`);
    }
  }
  if (!present.has(DATABASE_ENTRY[manifest.engine])) {
    throw new OpsError('The backup holds no database.');
  }
}

/** A backup from a newer Tillbook has tables this one does not know. */
function checkMigrations(manifest: Manifest): void {
  // A backup from before the migrations were renumbered lists their old names; the server
  // renames them when it starts on the restored database.
  const oldNames = new Set(renamedMigrations.map(([from]) => from));
  const unknown = manifest.migrations.filter((m) => !(m in knownMigrations) && !oldNames.has(m));
  if (unknown.length) {
    throw new OpsError(
      `The backup was made by a newer Tillbook (${manifest.app.version}; migration ${unknown.at(-1)} is unknown here). Update Tillbook, then restore.`,
    );
  }
}

/** Which secret the restored server will use: the backup's, written to the data folder, or APP_SECRET. */
function planSecret(location: DataLocation, manifest: Manifest): 'write' | 'environment' {
  const { included, fingerprint } = manifest.secret;
  if (location.APP_SECRET) {
    if (secretFingerprint(location.APP_SECRET) !== fingerprint) {
      throw new OpsError(
        'APP_SECRET is not the secret of the backed-up server: sign-in codes and stored secrets would not open with it. ' +
          (included
            ? "Unset APP_SECRET to use the backup's secret, or set it to the old value."
            : 'Set APP_SECRET to the value the backed-up server used.'),
      );
    }
    return 'environment';
  }
  if (!included) {
    throw new OpsError(
      'This backup was made without the app secret. Set APP_SECRET to the value the backed-up server used and run the restore again.',
    );
  }
  return 'write';
}

/**
 * Brings a backup back into an empty data folder (and, for PostgreSQL, an empty database):
 * checks the archive against its manifest before writing anything, and removes what it wrote
 * if a later step fails.
 */
export async function restoreBackup(location: DataLocation, options: RestoreOptions): Promise<Manifest> {
  const file = path.resolve(options.file);
  if (!existsSync(file)) throw new OpsError(`${file} does not exist.`);
  const engine = engineOfUrl(location.DATABASE_URL);
  await checkTargetEmpty(location);

  const staging = await mkdtemp(path.join(tmpdir(), 'tillbook-restore-'));
  const written: string[] = [];
  try {
    await unpack(file, staging);
    const manifest = readManifest(staging);
    options.report(
      `Restoring ${file} (made ${manifest.createdAt} by Tillbook ${manifest.app.version}, ${manifest.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, migration ${manifest.migrations.at(-1)})`,
    );
    if (manifest.engine !== engine) {
      throw new OpsError(
        `This is a ${manifest.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'} backup; DATABASE_URL names a ${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database. ` +
          'Restore it into the same kind of database it came from.',
      );
    }
    checkMigrations(manifest);
    const secret = planSecret(location, manifest);
    await verify(staging, manifest);
    options.report(`  checked     ${manifest.files.length} files against the manifest's checksums`);

    const dataDir = path.resolve(location.DATA_DIR);
    if (!existsSync(dataDir)) {
      await mkdir(dataDir, { recursive: true });
      written.push(dataDir);
    }
    const uploadDir = path.resolve(location.UPLOAD_DIR);
    const uploads = await listFiles(path.join(staging, UPLOADS_ENTRY));
    if (!existsSync(uploadDir)) written.push(uploadDir);
    await mkdir(uploadDir, { recursive: true });
    for (const name of uploads) {
      const target = path.join(uploadDir, name);
      await mkdir(path.dirname(target), { recursive: true });
      await copyFile(path.join(staging, UPLOADS_ENTRY, name), target);
      written.push(target);
    }
    options.report(
      `  uploads     ${uploads.length} file${uploads.length === 1 ? '' : 's'} into ${uploadDir}`,
    );

    if (secret === 'write') {
      const value = (await readFile(path.join(staging, SECRET_ENTRY), 'utf8')).trim();
      if (secretFingerprint(value) !== manifest.secret.fingerprint) {
        throw new OpsError('The backup is damaged: its app secret does not match the manifest.');
      }
      written.push(location.SECRET_FILE);
      await copyFile(path.join(staging, SECRET_ENTRY), location.SECRET_FILE);
      await chmod(location.SECRET_FILE, 0o600);
      options.report(`  app secret  written to ${path.resolve(location.SECRET_FILE)}`);
    } else {
      options.report('  app secret  APP_SECRET matches the backed-up server');
    }
    // The database goes last: pg_restore runs in one transaction, so when anything before it
    // fails the database is still empty, and the files written are taken back below.
    const staged = path.join(staging, DATABASE_ENTRY[engine]);
    if (engine === 'sqlite') {
      const target = sqliteFileOf(location.DATABASE_URL);
      await mkdir(path.dirname(target), { recursive: true });
      written.push(target);
      await copyFile(staged, target);
      checkRestoredSqlite(target, manifest);
      options.report(
        `  database    ${formatSize((await stat(target)).size)} into ${target}, integrity check ok`,
      );
    } else {
      await pgRestore(location.DATABASE_URL, staged);
      const restored = await withPostgres(location.DATABASE_URL, postgresMigrations);
      if (restored.join() !== manifest.migrations.join()) {
        throw new OpsError('The restored database does not have the migrations the manifest lists.');
      }
      options.report(`  database    loaded into ${describePostgres(location.DATABASE_URL)} with pg_restore`);
    }

    options.report('Restored. Start Tillbook on it with the same settings: npm start');
    return manifest;
  } catch (error) {
    // The target was empty: taking back what this run wrote leaves it as it was.
    for (const target of written.reverse()) await rm(target, { recursive: true, force: true });
    if (engine === 'sqlite') {
      const target = sqliteFileOf(location.DATABASE_URL);
      if (written.includes(target)) {
        await rm(`${target}-wal`, { force: true });
        await rm(`${target}-shm`, { force: true });
      }
    }
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

function checkRestoredSqlite(file: string, manifest: Manifest): void {
  const db = new BetterSqlite3(file, { fileMustExist: true });
  try {
    const check = db.pragma('integrity_check', { simple: true });
    if (check !== 'ok')
      throw new OpsError(`The restored database fails its integrity check: ${String(check)}`);
    if (sqliteMigrations(db).join() !== manifest.migrations.join()) {
      throw new OpsError('The restored database does not have the migrations the manifest lists.');
    }
  } finally {
    db.close();
  }
}
