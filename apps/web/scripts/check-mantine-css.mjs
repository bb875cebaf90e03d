// Run by `npm run build` after Vite: `src/main.tsx` imports the stylesheets of the Mantine
// components the app uses, one by one, rather than all of `@mantine/core/styles.css`. This fails
// the build when a built script uses a Mantine class (`m_<hash>`) that Mantine styles but no built
// stylesheet contains: a component was added without its stylesheet's import.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** One line of the measurement on standard output. */
const say = (text) => process.stdout.write(`${text}\n`);

const assets = path.join(path.dirname(fileURLToPath(import.meta.url)), '../dist/assets');
const hashes = (text) => new Set(text.match(/m_[0-9a-f]{6,8}\b/g) ?? []);
const read = (ext) =>
  readdirSync(assets)
    .filter((file) => file.endsWith(ext))
    .map((file) => readFileSync(path.join(assets, file), 'utf8'))
    .join('\n');

const mantine = hashes(
  readFileSync(createRequire(import.meta.url).resolve('@mantine/core/styles.css'), 'utf8'),
);
const built = hashes(read('.css'));
const missing = [...hashes(read('.js'))].filter((hash) => mantine.has(hash) && !built.has(hash));
if (missing.length > 0) {
  const styles = path.dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css'));
  const files = readdirSync(path.join(styles, 'styles'))
    .filter((file) => !file.endsWith('.layer.css'))
    .filter((file) =>
      missing.some((hash) => readFileSync(path.join(styles, 'styles', file), 'utf8').includes(hash)),
    );
  process.stderr.write(
    `Mantine stylesheets missing from src/main.tsx: ${files.map((f) => `@mantine/core/styles/${f}`).join(', ')}\n`,
  );
  process.exit(1);
}
say(`Mantine stylesheets: every Mantine class the scripts use is styled (${built.size} classes built).`);
