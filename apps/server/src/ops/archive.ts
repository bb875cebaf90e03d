import { createHash, createHmac } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import type { Engine } from '../db/connection.js';

/** A refusal or failure the operator can act on: printed as it is, without a stack. */
export class OpsError extends Error {}

export const MANIFEST_FILE = 'manifest.json';
export const SECRET_ENTRY = 'app-secret';
export const UPLOADS_ENTRY = 'uploads';
export const DATABASE_ENTRY: Record<Engine, string> = {
  sqlite: 'database/app.db',
  postgres: 'database/tillbook.pgdump',
};

const FORMAT = 'tillbook-backup';
const FORMAT_VERSION = 1;

const manifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.number().int(),
  app: z.object({ name: z.string(), version: z.string() }),
  createdAt: z.string(),
  engine: z.enum(['sqlite', 'postgres']),
  /** Every migration applied to the backed-up database, in order; the last is its level. */
  migrations: z.array(z.string()),
  uploads: z.object({ files: z.number().int(), bytes: z.number().int() }),
  secret: z.object({
    included: z.boolean(),
    /** Tells whether a secret is the backed-up one without revealing it. */
    fingerprint: z.string(),
  }),
  files: z.array(z.object({ path: z.string(), bytes: z.number().int(), sha256: z.string() })),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestFile = Manifest['files'][number];

export function newManifest(fields: Omit<Manifest, 'format' | 'formatVersion' | 'app'>): Manifest {
  return {
    format: FORMAT,
    formatVersion: FORMAT_VERSION,
    app: { name: 'tillbook', version: appVersion() },
    ...fields,
  };
}

/** Reads and checks the manifest of an unpacked backup. */
export function readManifest(dir: string): Manifest {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path.join(dir, MANIFEST_FILE), 'utf8'));
  } catch {
    throw new OpsError(`The file is not a Tillbook backup: it has no readable ${MANIFEST_FILE}.`);
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success || parsed.data.format !== FORMAT) {
    throw new OpsError(`The file is not a Tillbook backup: its ${MANIFEST_FILE} is not one Tillbook wrote.`);
  }
  if (parsed.data.formatVersion > FORMAT_VERSION) {
    throw new OpsError(
      `The backup was made by a newer Tillbook (${parsed.data.app.version}, backup format ${parsed.data.formatVersion}); update Tillbook before restoring it.`,
    );
  }
  return parsed.data;
}

/** The server package's version (the same relative path from src/ops and dist/ops). */
export function appVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

export function secretFingerprint(secret: string): string {
  return createHmac('sha256', secret).update('tillbook backup fingerprint').digest('hex').slice(0, 16);
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** A file of the archive: its path inside it (forward slashes), size and checksum. */
export async function describeFile(root: string, relative: string): Promise<ManifestFile> {
  const full = path.join(root, relative);
  return {
    path: relative.split(path.sep).join('/'),
    bytes: (await stat(full)).size,
    sha256: await sha256File(full),
  };
}

/** Every regular file under `dir`, as paths relative to it; an absent folder has none. */
export async function listFiles(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024 / 1024).toFixed(1)} GB`;
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} bytes`;
}

/** `sqlite:<file>` → the file; the engine of a DATABASE_URL. */
export function engineOfUrl(url: string): Engine {
  return url.startsWith('sqlite:') ? 'sqlite' : 'postgres';
}

export const sqliteFileOf = (url: string) => path.resolve(url.slice('sqlite:'.length));

/** A PostgreSQL URL as shown to people: no password. */
export function describePostgres(url: string): string {
  const u = new URL(url);
  return `PostgreSQL ${u.hostname}:${u.port || 5432}${u.pathname}`;
}
