// The catalogue benchmark's store (bench/catalogue/generate.ts: one store, 100,000 products
// loaded through the real POST /product/upload, in schema bench_catalogue) on the database
// BENCH_DATABASE_URL names, for bench/citus/compare.mjs. Prints `INFO <json>` on its last line.
// Run from the checkout whose code makes the data, with that checkout as CATALOGUE_ROOT:
//   BENCH_DATABASE_URL=postgres://... BENCH_CUSTOMERS=0 CATALOGUE_ROOT=$PWD \
//     node --conditions=source --import tsx bench/citus/catalogue-data.ts
// generate.ts records its store in bench/.data/info-postgres.json, which the catalogue bench reads
// for its own database: that file is put back as it was.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as CommonModule from '../catalogue/common.js';
import type * as GenerateModule from '../catalogue/generate.js';

const root = path.resolve(process.env.CATALOGUE_ROOT ?? path.join(import.meta.dirname, '../..'));
const infoFile = path.join(root, 'bench/.data/info-postgres.json');
const kept = existsSync(infoFile) ? readFileSync(infoFile) : null;
const { generate } = (await import(
  pathToFileURL(path.join(root, 'bench/catalogue/generate.ts')).href
)) as typeof GenerateModule;
const { OWNER_PASSWORD } = (await import(
  pathToFileURL(path.join(root, 'bench/catalogue/common.ts')).href
)) as typeof CommonModule;
try {
  const info = await generate('postgres');
  process.stdout.write(`INFO ${JSON.stringify({ ...info, password: OWNER_PASSWORD })}\n`);
} finally {
  if (kept) writeFileSync(infoFile, kept);
  else rmSync(infoFile, { force: true });
}
process.exit(0);
