import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

type Chunk = { type: 'chunk'; fileName: string; facadeModuleId: string | null; imports: string[]; isEntry: boolean };

/**
 * Decision 0023: a signed-in visit to a store screen used to start fetching the screen's code
 * (the app layout, the screen and about fifty shared chunks) only once the entry had downloaded
 * and run, a second round of downloads after the first. This plugin writes a small classic
 * script, loaded `async` from index.html next to the entry, that reads the stored session the
 * way `readSession` does and, for a visitor with a store, adds `<link rel="modulepreload">` for
 * the visited screen's chunks and the app layout's, so they download while the entry does. A
 * signed-out visitor (the sign-in screen) gets nothing but this script. The routes come from
 * `storeScreen(...)` calls in src/app/router.tsx; a route the pattern misses only loses the
 * head start, never its code.
 */
export function routePreload(): Plugin {
  let root = '';
  let base = '/';
  let script: { fileName: string; source: string } | undefined;
  return {
    name: 'tillbook:route-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return;
        const chunks = Object.values(ctx.bundle).filter((c): c is Chunk & typeof c => c.type === 'chunk');
        const byModule = new Map(chunks.map((c) => [c.facadeModuleId, c]));
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const entry = chunks.find((c) => c.isEntry);
        if (!entry) return;
        // What the entry imports statically is already on its way.
        const loaded = new Set<string>();
        const walk = (file: string, into: Set<string>) => {
          if (into.has(file)) return;
          into.add(file);
          for (const dep of byFile.get(file)?.imports ?? []) walk(dep, into);
        };
        walk(entry.fileName, loaded);

        const files: string[] = [];
        const indexOf = (file: string) => {
          const at = files.indexOf(file);
          return at >= 0 ? at : files.push(file) - 1;
        };
        const depsOf = (spec: string) => {
          const source = path.resolve(root, 'src/app', spec);
          const chunk = [...byModule.entries()].find(([id]) => id?.replace(/\.tsx?$/, '') === source)?.[1];
          if (!chunk) return [];
          const all = new Set<string>();
          walk(chunk.fileName, all);
          return [...all].filter((f) => !loaded.has(f)).map(indexOf);
        };

        const router = readFileSync(path.resolve(root, 'src/app/router.tsx'), 'utf8');
        const calls = router.matchAll(/storeScreen\(\s*(undefined|'([^']+)'),\s*\(\) => import\('([^']+)'\)/g);
        const routes: [string, number[]][] = [];
        let layout: number[] = [];
        for (const [, , route, spec] of calls) {
          if (!spec) continue;
          if (!route) layout = depsOf(spec);
          else if (route !== '*') routes.push([route, depsOf(spec)]);
        }
        // Paths without parameters first, as React Router ranks them (/create before /:id).
        routes.sort((a, b) => Number(a[0].includes(':')) - Number(b[0].includes(':')));
        const patterns = routes.map(([route, deps]) => [
          `^${route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[^/]+/g, '[^/]+')}/?$`,
          deps,
        ]);
        const source = `(function(){try{
var e=JSON.parse(localStorage.getItem('authState')),s=e&&e.value;
if(!s||!s.token||!s.store||!(e.expiry>Date.now()))return;
var f=${JSON.stringify(files)},r=${JSON.stringify(patterns)},l=${JSON.stringify(layout)},p=location.pathname;
for(var i=0;i<r.length;i++)if(new RegExp(r[i][0]).test(p)){var d=document.createDocumentFragment();l.concat(r[i][1]).forEach(function(n){
var k=document.createElement('link');k.rel='modulepreload';k.crossOrigin='';k.href=${JSON.stringify(base)}+f[n];d.appendChild(k)});document.head.appendChild(d);return}
}catch(x){}})();
`;
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
        script = { fileName: `assets/route-preload-${hash}.js`, source };
        // The stylesheet holds the first paint (the loading logo): it goes first, ahead of the
        // scripts, so the browser's six connections start with it.
        const styles = html.match(/<link rel="stylesheet"[^>]*>\n?/g) ?? [];
        const tag = `<script async src="${base}${script.fileName}"></script>`;
        const rest = styles.reduce((out, link) => out.replace(link, ''), html);
        return rest.replace(/<title>/, `${styles.map((l) => l.trim()).join('\n    ')}\n    ${tag}\n    <title>`);
      },
    },
    generateBundle: {
      order: 'post',
      handler() {
        if (!script) this.error('route-preload: index.html was not transformed');
        this.emitFile({ type: 'asset', fileName: script.fileName, source: script.source });
        // Emitted after vite-plugin-compression2 has run: its .br and .gz copies are made here.
        const brotli = brotliCompressSync(script.source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
        this.emitFile({ type: 'asset', fileName: `${script.fileName}.br`, source: brotli });
        this.emitFile({ type: 'asset', fileName: `${script.fileName}.gz`, source: gzipSync(script.source, { level: 9 }) });
      },
    },
  };
}
