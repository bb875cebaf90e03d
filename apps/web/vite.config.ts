import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';

// react-router's package exports point only at its development build (its warnings switched
// on); its production build is the same code with them off (decision 0023).
const reactRouter = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));

// `source` makes workspace packages resolve to their TypeScript sources (see packages/contract/package.json).
export default defineConfig({
  plugins: [
    react(),
    // A brotli (.br) and a gzip (.gz) copy of every text file of 1 KB or more, made once at
    // build time at the highest levels; the server sends the one the browser accepts
    // (@fastify/static's preCompressed). Source maps are not compressed: only tools read them.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, exclude: [/\.map$/] }),
  ],
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    alias: [
      { find: /^react-router$/, replacement: path.join(reactRouter, 'dist/production/index.mjs') },
      { find: /^react-router\/dom$/, replacement: path.join(reactRouter, 'dist/production/dom-export.mjs') },
    ],
  },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: { outDir: 'dist', sourcemap: true, manifest: true },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    css: false,
  },
});
