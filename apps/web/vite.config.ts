import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';

// react-router's package exports point only at its development build (its warnings switched
// on); its production build is the same code with them off (decision 0023).
const reactRouter = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));

/**
 * The point of sale's code in two files rather than sixty (decision 0023, addendum). The till is the app's
 * start page (the manifest's `start_url`); split by Rolldown's automatic chunking, its layout and
 * screen came in about 60 small files, which a phone fetches six at a time, a round trip each.
 * `tillModules` is what the app layout and the point of sale import statically (our sources), and
 * `tillLibraryModules` the library modules they use: the Mantine components named in their
 * imports (the `@mantine/core` index is not followed, or every component would count) and what
 * those import. Modules of the first screen (sign-in) stay in the entry (the `$initial` group).
 */
const TILL_ROOTS = ['/src/app/layout/app-layout.tsx', '/src/features/till/screens/point-of-sale-screen.tsx'];
const MANTINE_INDEX = /[\\/]@mantine[\\/]core[\\/]esm[\\/]index\.mjs$/;
const tillModules = new Set<string>();
const tillLibraryModules = new Set<string>();
function tillChunks(): Plugin {
  return {
    name: 'tillbook:till-chunks',
    apply: 'build',
    buildEnd() {
      tillModules.clear();
      tillLibraryModules.clear();
      const ids = [...this.getModuleIds()];
      const mantineFile = new Map<string, string>();
      for (const id of ids) {
        const match = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/]([^\\/]+)\.mjs$/.exec(id);
        if (match?.[1]) mantineFile.set(match[1], id);
      }
      const libraries: string[] = [];
      const sources = ids.filter((id) => TILL_ROOTS.some((root) => id.endsWith(root)));
      while (sources.length) {
        const id = sources.pop()!;
        if (tillModules.has(id)) continue;
        tillModules.add(id);
        const info = this.getModuleInfo(id);
        for (const imported of info?.importedIds ?? []) {
          if (imported.includes('node_modules')) libraries.push(imported);
          else sources.push(imported);
        }
        for (const match of (info?.code ?? '').matchAll(
          /import\s*\{([^}]*)\}\s*from\s*["']@mantine\/core["']/g,
        )) {
          for (const name of match[1]!.split(',')) {
            const file = mantineFile.get(
              name
                .trim()
                .split(/\s+as\s+/)[0]!
                .replace(/^type\s+/, ''),
            );
            if (file) libraries.push(file);
          }
        }
      }
      while (libraries.length) {
        const id = libraries.pop()!;
        if (tillLibraryModules.has(id) || MANTINE_INDEX.test(id)) continue;
        tillLibraryModules.add(id);
        libraries.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
}

/**
 * The till's own page: `sales/orders/generate.html`, index.html with a `modulepreload` link for
 * each file of the till's code (the two files above and what they import, not the entry). With
 * index.html alone a phone learns it needs the till's files only once the entry has downloaded
 * and run, a second round of downloads before the till can draw; with the links it fetches them
 * while the entry downloads, not after it has run. The server answers a path with its `.html` file where the build made one
 * (static-web.ts), as static hosts with clean URLs do. Only the till gets one: it is the page a
 * cashier opens (the manifest's `start_url`), and sign-in must not download the till. Signed
 * out, the till's address shows sign-in and still fetches the till's code (at low priority): sign-in
 * returns there, and the till then opens without a second round of downloads.
 */
const TILL_PAGE = 'sales/orders/generate.html';
function tillPage(): Plugin {
  return {
    name: 'tillbook:till-page',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') this.error('tillbook:till-page: index.html is not in the bundle');
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      const files = new Set<string>();
      const visit = (fileName: string) => {
        if (files.has(fileName) || fileName === entry?.fileName) return;
        files.add(fileName);
        const chunk = bundle[fileName];
        if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
      };
      for (const chunk of chunks) {
        if (chunk.moduleIds.some((id) => TILL_ROOTS.some((root) => id.endsWith(root)))) visit(chunk.fileName);
      }
      if (files.size === 0) this.error('tillbook:till-page: no chunk holds the till');
      // `fetchpriority="low"`: after the stylesheet and the entry, which the first paint waits for;
      // at the default (high) they shared the line with those and the first paint came later.
      const links = [...files]
        .map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`)
        .join('');
      this.emitFile({
        type: 'asset',
        fileName: TILL_PAGE,
        source: String(index.source).replace('</head>', `${links}</head>`),
      });
    },
  };
}

/**
 * Mantine's `useId` (`@mantine/hooks`) replaced by `src/lib/mantine-use-id.ts`, which keeps
 * React's id instead of setting a random one after the first render (that second render of every
 * component with an id was part of the till's longest tasks on a slow phone; decision 0023).
 * Mantine's components import it from the hooks package's index, which imports the file relatively.
 */
const MANTINE_USE_ID = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;
function mantineUseId(): Plugin {
  const replacement = path.join(path.dirname(fileURLToPath(import.meta.url)), 'src/lib/mantine-use-id.ts');
  return {
    name: 'tillbook:mantine-use-id',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !source.includes('use-id')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && MANTINE_USE_ID.test(resolved.id) ? replacement : null;
    },
  };
}

// `source` makes workspace packages resolve to their TypeScript sources (see packages/contract/package.json).
export default defineConfig({
  plugins: [
    mantineUseId(),
    tillChunks(),
    tillPage(),
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
        // The camera scanner's WebAssembly (1.1 MB, only for phones without a BarcodeDetector) is
        // not precached, which would make every device download it; it is kept the first time it
        // is used, so the camera then scans offline too. Its name carries its hash: never stale.
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/assets\/.*\.wasm$/.test(url.pathname),
            handler: 'CacheFirst',
            options: { cacheName: 'tillbook-wasm', expiration: { maxEntries: 2 } },
          },
        ],
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
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Whatever the entry imports (the sign-in screen among it) is taken first, into the
            // entry's own file: the till's groups must not take a module sign-in needs, or the
            // sign-in route would load the till's files (its budget, scripts/check-bundle.mjs).
            { name: 'index', tags: ['$initial'], priority: 30 },
            { name: 'till-libraries', test: (id) => tillLibraryModules.has(id), priority: 20 },
            { name: 'till', test: (id) => tillModules.has(id), priority: 10 },
          ],
        },
      },
    },
  },
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
