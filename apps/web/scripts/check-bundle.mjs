// Measures the JavaScript the sign-in route loads (the entry, the sign-in screen, every chunk
// they import statically, and the screen's own dynamic imports), from Vite's manifest, as it
// goes over the wire: the .br and .gz copies the build wrote (a file under the compression
// threshold has none and goes as it is). Fails the build when either passes the limit.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const say = (line) => process.stdout.write(`${line}\n`);
const fail = (line) => process.stderr.write(`${line}\n`);

const LIMIT_KB = 170;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

// The sign-in screen is part of the entry (router.tsx); should it become a lazy chunk again,
// it is a root of its own here.
const SIGN_IN = 'src/features/auth/screens/sign-in-screen.tsx';
const roots = ['index.html', ...(manifest[SIGN_IN] ? [SIGN_IN] : [])];
if (!manifest['index.html']) {
  fail('check-bundle: index.html is not in the build manifest');
  process.exit(1);
}

/** The files the given manifest entries load: theirs and those they import statically. */
function staticClosure(keys) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return files;
}

// The screen's own dynamic imports count too: they load as soon as the form is used.
const files = staticClosure([...roots, ...(manifest[SIGN_IN]?.dynamicImports ?? [])]);

const size = (file) => statSync(path.join(dist, file)).size;
const wire = (file, ext) => (existsSync(path.join(dist, file + ext)) ? size(file + ext) : size(file));
const kb = (n) => (n / 1024).toFixed(1);

const rows = [...files].map((file) => ({
  file,
  raw: size(file),
  br: wire(file, '.br'),
  gz: wire(file, '.gz'),
}));
rows.sort((a, b) => b.gz - a.gz);
for (const r of rows) {
  say(
    `  ${kb(r.br).padStart(6)} KB br  ${kb(r.gz).padStart(6)} KB gzip  ${kb(r.raw).padStart(6)} KB  ${r.file}`,
  );
}
const total = (key) => rows.reduce((sum, r) => sum + r[key], 0);
const [br, gz, raw] = [total('br'), total('gz'), total('raw')];
say(
  `Sign-in route JavaScript (${rows.length} files): ${kb(br)} KB brotli, ${kb(gz)} KB gzip, ${kb(raw)} KB uncompressed ` +
    `(limit ${LIMIT_KB} KB compressed)`,
);
const missing = rows.filter((r) => r.raw >= 1024 && (r.br === r.raw || r.gz === r.raw)).map((r) => r.file);
if (missing.length) {
  fail(`check-bundle: no compressed copy of ${missing.join(', ')} (is the compression plugin on?)`);
  process.exit(1);
}
for (const [name, bytes] of [
  ['brotli', br],
  ['gzip', gz],
]) {
  if (bytes > LIMIT_KB * 1024) {
    fail(
      `check-bundle: the sign-in route loads ${kb(bytes)} KB of JavaScript in ${name}, over ${LIMIT_KB} KB`,
    );
    process.exit(1);
  }
}

// The till's first load (its two chunks and what they import statically) builds no zod schema:
// screens call the API through the contract's route refs, and a schema loads only with the form
// that checks with it (decision 0060). Building them cost a phone about 170 ms of CPU there. (The
// entry keeps zod's small config module: main.tsx sets it.)
const tillKey = Object.keys(manifest).find((key) => manifest[key].name === 'till');
if (!tillKey) {
  fail('check-bundle: the build has no till chunk (vite.config.ts, tillChunks)');
  process.exit(1);
}
const tillFiles = staticClosure([tillKey]);
const withZod = [...tillFiles].filter((file) => {
  const map = path.join(dist, `${file}.map`);
  return (
    existsSync(map) &&
    JSON.parse(readFileSync(map, 'utf8')).sources.some((s) => /[\\/]zod[\\/].*schemas\.js$/.test(s))
  );
});
if (withZod.length) {
  fail(
    `check-bundle: the till's first load builds zod schemas (${withZod.join(', ')}); call routes through route refs`,
  );
  process.exit(1);
}
say(`Till's first load (${tillFiles.size} files): no zod schema.`);

// The till's own page (vite.config.ts, tillPage) names each of those files up front, and not the
// entry (index.html's script tag loads it): a phone fetches them beside the entry.
const tillPage = path.join(dist, 'sales/orders/generate.html');
const preloaded = existsSync(tillPage)
  ? [...readFileSync(tillPage, 'utf8').matchAll(/<link rel="modulepreload"[^>]* href="\/([^"]+)"/g)].map(
      (m) => m[1],
    )
  : [];
const expected = [...tillFiles].filter((file) => file !== manifest['index.html'].file);
if (preloaded.length !== expected.length || expected.some((file) => !preloaded.includes(file))) {
  fail(
    `check-bundle: sales/orders/generate.html preloads ${preloaded.join(', ') || 'nothing'}, not the till's first load (${expected.join(', ')})`,
  );
  process.exit(1);
}
say(`Till's page preloads its ${preloaded.length} files.`);
