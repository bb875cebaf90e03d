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
    // a core idle while a test file waited on argon2 or its database. Two files run side by side
    // on every engine: on SQLite each file has its own database file, on PostgreSQL each worker
    // its own database (src/test/pg-worker-database.ts; decision 0061).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    setupFiles: ['src/test/pg-worker-database.ts'],
    env: { TILLBOOK_CHECK_ANSWERS: '1' },
  },
});
