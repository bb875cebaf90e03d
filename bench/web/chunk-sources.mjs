// What a built chunk is made of: its bytes (uncompressed) by source package or file, read from the
// chunk's source map; Mantine by component. Run: npm run build, then
// node bench/web/chunk-sources.mjs apps/web/dist/assets/till-libraries-*.js [more chunks]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer } from 'source-map';

const TOP = 25;

async function composition(file) {
  const code = readFileSync(file, 'utf8');
  const consumer = await new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
  const bytes = new Map();
  let previous = null;
  // A mapping's bytes run to the next mapping on the same generated line (the chunks are minified).
  consumer.eachMapping((mapping) => {
    if (previous && previous.generatedLine === mapping.generatedLine) {
      const key = (previous.source ?? '?')
        .replace(/.*node_modules\//, 'npm:')
        .replace(/^npm:@mantine\/core\/esm\/components\/([^/]+).*/, 'mantine:$1');
      bytes.set(key, (bytes.get(key) ?? 0) + mapping.generatedColumn - previous.generatedColumn);
    }
    previous = mapping;
  });
  consumer.destroy?.();
  return { size: code.length, bytes };
}

for (const file of process.argv.slice(2)) {
  const { size, bytes } = await composition(file);
  process.stdout.write(`${path.basename(file)}: ${size} bytes\n`);
  for (const [source, n] of [...bytes].sort((a, b) => b[1] - a[1]).slice(0, TOP))
    process.stdout.write(`${String(n).padStart(9)}  ${source}\n`);
}
