import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app on the API's port. Unknown non-API paths get index.html so the
 * app's router can show them (SPA fallback). Files go as the brotli or gzip copy the build made
 * next to them (`preCompressed`) when the browser accepts it. Hashed assets (their name changes
 * with their content) are cached for a year without asking again; everything else, index.html
 * first, is checked with the server on every use (`no-cache`), so a new release is seen at once.
 * A path the build made a page for (`a/b.html` for `/a/b`) gets that page instead of index.html.
 */
export async function registerStaticWeb(app: FastifyInstance, distDir: string): Promise<boolean> {
  const index = path.join(distDir, 'index.html');
  if (!existsSync(index)) {
    app.log.warn({ distDir }, 'web app not built: run `npm run build` to serve it');
    return false;
  }
  // The pages the build made besides index.html (`a/b.html` answers `/a/b`, as static hosts with
  // clean URLs do): the till's, which names its code up front (vite.config.ts, tillPage). Listed
  // once here, not looked for on the disk at every visit.
  const pages = new Map<string, string>();
  for (const entry of readdirSync(distDir, { recursive: true, withFileTypes: true })) {
    const file = path.relative(distDir, path.join(entry.parentPath, entry.name));
    if (entry.isFile() && file.endsWith('.html') && file !== 'index.html')
      pages.set(`/${file.slice(0, -'.html'.length).split(path.sep).join('/')}`, file);
  }
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
    return reply.sendFile(pages.get(url.replace(/\/+$/, '')) ?? 'index.html');
  });
  return true;
}
