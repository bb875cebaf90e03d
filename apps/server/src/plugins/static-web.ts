import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app on the API's port. Unknown non-API paths get index.html so the
 * app's router can show them (SPA fallback). Files go as the brotli or gzip copy the build made
 * next to them (`preCompressed`) when the browser accepts it. Hashed assets (their name changes
 * with their content) are cached for a year without asking again; everything else, index.html
 * first, is checked with the server on every use (`no-cache`), so a new release is seen at once.
 */
export async function registerStaticWeb(app: FastifyInstance, distDir: string): Promise<boolean> {
  const index = path.join(distDir, 'index.html');
  if (!existsSync(index)) {
    app.log.warn({ distDir }, 'web app not built: run `npm run build` to serve it');
    return false;
  }
  const startPage = startPagePreload(distDir);
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
    setHeaders(res, filePath) {
      res.setHeader(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
      // The same address answers in brotli, gzip or plain: caches must keep them apart.
      res.setHeader('vary', 'accept-encoding');
    },
  });
  app.get('/*', { config: {} }, async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/')) {
      return reply.callNotFound();
    }
    const file = path.join(distDir, path.normalize(decodeURIComponent(url)));
    if (file.startsWith(distDir) && path.extname(file) && existsSync(file)) {
      return reply.sendFile(path.relative(distDir, file));
    }
    if (path.extname(url) && !url.endsWith('.html')) return reply.callNotFound();
    reply.header('cache-control', 'no-cache');
    if (url === startPage?.url) reply.header('link', startPage.link);
    return reply.sendFile('index.html');
  });
  return true;
}

/**
 * The app's start page (the web manifest's `start_url`, the till) and a `Link` header preloading
 * its code. Without it a phone fetches the entry script, runs it, and only then asks for the
 * till's chunks: one more round trip and the entry's run time before the till can draw (about
 * 0.6 s of Lighthouse's largest paint on slow 4G, bench/web/RESULTS.md). Other pages get no hint:
 * the sign-in page must not spend its bandwidth on the till. Null when the build says nothing.
 */
export function startPagePreload(distDir: string): { url: string; link: string } | null {
  try {
    const web = JSON.parse(readFileSync(path.join(distDir, 'manifest.webmanifest'), 'utf8')) as {
      start_url?: string;
    };
    const chunks = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      { file: string; name?: string; imports?: string[] }
    >;
    if (!web.start_url || web.start_url === '/') return null;
    // The till's chunk (named by the build's chunk groups) and the chunks it imports, less the
    // entry, which the page's own script tag fetches.
    const files = new Set<string>();
    const add = (key: string) => {
      const chunk = chunks[key];
      if (!chunk || chunk.file === chunks['index.html']?.file || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const imported of chunk.imports ?? []) add(imported);
    };
    for (const [key, chunk] of Object.entries(chunks)) if (chunk.name === 'till') add(key);
    if (!files.size) return null;
    const link = [...files].map((file) => `</${file}>; rel=modulepreload; crossorigin`).join(', ');
    return { url: web.start_url, link };
  } catch {
    return null;
  }
}
