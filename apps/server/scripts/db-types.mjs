// Writes src/db/generated.ts: the table types of a freshly migrated PostgreSQL schema
// (decision 0054). Run as `npm run db:types -w @tillbook/server`; the database is
// DATABASE_URL, else TEST_DATABASE_URL, else the local test database CI uses.
import { writeFileSync } from 'node:fs';
import { generateDatabaseTypes, GENERATED_FILE } from '../src/db/db-types.ts';

const url =
  process.env.DATABASE_URL?.startsWith('postgres') === true
    ? process.env.DATABASE_URL
    : (process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
writeFileSync(GENERATED_FILE, await generateDatabaseTypes(url));
console.log(`wrote ${GENERATED_FILE}`);
