import { availableParallelism } from 'node:os';
import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// `source` makes workspace packages resolve to their TypeScript sources (see packages/contract/package.json).
export default defineConfig({
  resolve: { conditions: ['source', ...defaultServerConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one fork fewer than the cores: one on a two-core machine, which left
    // a core idle while a test file waited on argon2 or its database. On SQLite each file has its
    // own database file, so two files run side by side. On PostgreSQL they stay one at a time:
    // Kysely's migrator reads the columns of every schema of the database (has_schema_privilege
    // on each), which fails with 'schema … does not exist' when another file's schema is dropped
    // during that read (seen once with two forks, decision 0043).
    maxWorkers: process.env.TEST_DATABASE_URL ? undefined : Math.max(2, availableParallelism() - 1),
    env: { TILLBOOK_CHECK_ANSWERS: '1' },
  },
});
