import { availableParallelism } from 'node:os';
import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Test files that replace a module with `vi.mock` (argon2, the payment provider's clock): they get
 * a fresh module graph each. Every other file shares its worker's modules with the files before it
 * (`isolate: false`): each file builds its own app and database, so only the import is shared, and
 * importing the whole server again for each of 100 files was four fifths of the suite's time
 * (430 of 534 s in CI; decision 0061).
 */
const MOCKING_FILES = [
  'src/modules/auth/sign-up-timing.test.ts',
  'src/modules/wallet/wallet-transfer-refusals.test.ts',
  'src/modules/wallet/wallet-transfers.test.ts',
];

// `source` makes workspace packages resolve to their TypeScript sources (see packages/contract/package.json).
export default defineConfig({
  resolve: { conditions: ['source', ...defaultServerConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  test: {
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
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['src/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...MOCKING_FILES],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: MOCKING_FILES } },
    ],
  },
});
