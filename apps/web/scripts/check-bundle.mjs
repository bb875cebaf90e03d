// Measures the JavaScript the sign-in route loads (the entry, the sign-in screen and every chunk
// they import statically), gzipped, from Vite's manifest. Fails the build above the limit.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const LIMIT_KB = 250;
const TARGET_KB = 170;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

const SIGN_IN = 'src/features/auth/screens/sign-in-screen.tsx';
const roots = ['index.html', SIGN_IN];
for (const key of roots) {
  if (!manifest[key]) {
    console.error(`check-bundle: ${key} is not in the build manifest`);
    process.exit(1);
  }
}

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) visit(dep);
};
roots.forEach(visit);

const gz = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (n) => (n / 1024).toFixed(1);
const sum = (set) => [...set].reduce((total, file) => total + gz(file), 0);

const rows = [...files].map((file) => [file, gz(file)]).sort((a, b) => b[1] - a[1]);
for (const [file, size] of rows) console.log(`  ${kb(size).padStart(7)} KB  ${file}`);
const initial = sum(files);

// The screen's own dynamic imports (its form schema, loaded on first focus) count too.
const deferred = new Set();
const visitDeferred = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file) || deferred.has(chunk.file)) return;
  deferred.add(chunk.file);
  for (const dep of chunk.imports ?? []) visitDeferred(dep);
};
for (const key of manifest[SIGN_IN].dynamicImports ?? []) visitDeferred(key);
const later = sum(deferred);
for (const file of deferred) console.log(`  ${kb(gz(file)).padStart(7)} KB  ${file} (on first focus)`);

const total = initial + later;
console.log(
  `Sign-in route JavaScript, gzipped: ${kb(initial)} KB to show the screen, ${kb(total)} KB once the form is used ` +
    `(target ${TARGET_KB} KB, limit ${LIMIT_KB} KB)`,
);
if (total > LIMIT_KB * 1024) {
  console.error(
    `check-bundle: the sign-in route loads ${kb(total)} KB of gzipped JavaScript, over ${LIMIT_KB} KB`,
  );
  process.exit(1);
}
