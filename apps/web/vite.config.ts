import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
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
    // The installable app shell (decision 0036): a manifest and a Workbox service worker that
    // precaches the whole build, every lazy screen with it, so the till opens with no network
    // after one visit. `prompt`: a new version waits until the cashier reloads (never mid-sale).
    // The worker is a file of this origin (sw.js, workbox-*.js), which the strict CSP allows.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg'],
      manifest: {
        id: '/',
        name: 'Tillbook',
        short_name: 'Tillbook',
        description: 'Point of sale and back office for your shop',
        start_url: '/sales/orders/generate',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#3F12C4',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // Every screen is a lazy chunk; the largest (charts) must be precached too.
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        navigateFallback: '/index.html',
        // The API and its documents are never answered from the shell.
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
      },
    }),
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
    // A test's budget, not a speed check: on a busy two-core machine (CI beside other work)
    // rendering a screen in jsdom took over Vitest's default 5 s, and the run failed on it.
    testTimeout: 60_000,
  },
});
