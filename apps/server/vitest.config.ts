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
    env: { TILLBOOK_CHECK_ANSWERS: '1' },
  },
});
